import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { freePort } from '../support/services';
import { storageContract } from './storage-contract';

/** Signed URLs carry PUBLIC_URL, so the port must be known before the server starts. */
async function startLocal(): Promise<{ server: TestServer; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-objects-'));
  const port = await freePort();
  const server = await startTestServer({
    roles: ['api'],
    env: { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
  return { server, dataDir };
}

storageContract('local disk', { tamperedUrlsRefused: true, suffixRanges: true, uploadLimit: true }, async () => {
  const { server } = await startLocal();
  expect(server.platform.storage.kind).toBe('local');
  return { storage: server.platform.storage, stop: () => server.stop() };
});

describe('local storage endpoints', () => {
  let server: TestServer;
  let dataDir: string;
  const files = () => readdirSync(join(dataDir, 'objects'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);

  beforeAll(async () => ({ server, dataDir } = await startLocal()));
  afterAll(async () => server?.stop());

  it('answers refusals with the error envelope', async () => {
    const signed = await server.platform.storage.signUpload('uploads/u1/a.mp3', { contentType: 'audio/mpeg', maxBytes: 4, expiresInSeconds: 60 });
    const tooBig = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: Buffer.alloc(10) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ status: 'error', status_code: 413, msg: { title: 'Payload Too Large' } });

    const forged = await fetch(signed.url.replace(/sig=[^&]+/, 'sig=forged'), { method: 'PUT', headers: signed.headers, body: Buffer.alloc(2) });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ status: 'error', status_code: 403, msg: { title: 'Forbidden', description: 'This storage link is not valid' } });
    expect(await server.platform.storage.head('uploads/u1/a.mp3')).toBeNull();
  });

  it('leaves no file behind when the client aborts an upload half way', async () => {
    const key = 'uploads/u2/aborted.mp3';
    const signed = await server.platform.storage.signUpload(key, { contentType: 'audio/mpeg', maxBytes: 10_000_000, expiresInSeconds: 60 });
    const abort = new AbortController();
    const body = new ReadableStream({
      async pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const sending = fetch(signed.url, { method: 'PUT', headers: signed.headers, body, duplex: 'half', signal: abort.signal } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    abort.abort();
    await expect(sending).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await server.platform.storage.head(key)).toBeNull();
    expect(files().filter((name) => name.includes('aborted'))).toEqual([]);
  });

  it('serves HEAD and whole-object GETs with length, type, private caching and an ETag that If-Range honours', async () => {
    const key = 'tracks/t1/standard.mp3';
    const bytes = Buffer.from('0123456789'.repeat(100));
    await server.platform.storage.put(key, bytes, { contentType: 'audio/mpeg' });
    const url = await server.platform.storage.signDownload(key, { expiresInSeconds: 60, filename: 'Späti mix.mp3' });

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('cache-control')).toMatch(/^private/);
    expect(head.headers.get('content-disposition')).toContain("filename*=UTF-8''Sp%C3%A4ti%20mix.mp3");
    const etag = head.headers.get('etag') ?? '';

    const resumed = await fetch(url, { headers: { range: 'bytes=990-', 'if-range': etag } });
    expect(resumed.status).toBe(206);
    expect(await resumed.text()).toBe('0123456789');
    const changed = await fetch(url, { headers: { range: 'bytes=990-', 'if-range': '"something-else"' } });
    expect(changed.status).toBe(200);
    expect((await changed.arrayBuffer()).byteLength).toBe(1000);

    const unsatisfiable = await fetch(url, { headers: { range: 'bytes=5000-' } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */1000');
    expect(await unsatisfiable.json()).toMatchObject({ status: 'error', status_code: 416 });
  });

  it('keeps JSON routes strict: an unknown body type elsewhere is 415, not a stream', async () => {
    const response = await fetch(`${server.url}/v1/login`, { method: 'POST', headers: { 'content-type': 'audio/mpeg' }, body: Buffer.alloc(10) });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ status: 'error', status_code: 415 });
  });
});
