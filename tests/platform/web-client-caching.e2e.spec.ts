import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIR, assertWebBuilt } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/**
 * How browsers may keep the built client: its hashed assets for a year without asking again, the
 * app shell never without asking, so a release reaches every member on their next visit.
 */
describe('caching of the built web client', () => {
  let server: TestServer;

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ roles: ['api'], webDir: WEB_DIR });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets browsers keep hashed assets for a year and makes them check the app shell on every visit', async () => {
    const assets = readdirSync(join(WEB_DIR, 'assets'));
    const script = assets.find((name) => name.endsWith('.js'))!;
    const style = assets.find((name) => name.endsWith('.css'))!;
    for (const path of [`/assets/${script}`, `/assets/${style}`]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
    }
    // The shell, at its own path and as the answer to every client-side route, and the favicon.
    for (const path of ['/', '/index.html', '/discover', '/someone/library', '/favicon.svg']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('etag'), path).toBeTruthy();
    }
    // A missing asset is not a page: 404, and nothing a browser would keep.
    const missing = await fetch(`${server.url}/assets/no-such-chunk-0000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
  });
});
