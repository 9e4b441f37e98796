import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { RunningServer } from '@stardeck/api';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, linkParam, login, mailTo } from '../auth/helpers';
import { startEmbeddedServer } from '../support/embedded';
import { waitFor } from '../support/services';

/** What an operator reads: every JSON line the process logs at info level. */
function logCapture() {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  return { sink, text: () => lines.join('') };
}

describe('log lines carry no one-time token and no URL signature', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-logs-'));
  const log = logCapture();
  let server: RunningServer;

  beforeAll(async () => {
    server = await startEmbeddedServer(dataDir, {
      // The projector role sends the mail.
      roles: ['api', 'projector'],
      env: { LOG_LEVEL: 'info', STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
      logDestination: log.sink,
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs a dev-mailbox send with the link token hidden, while the mailbox keeps the working link', async () => {
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    await request(server.url).post('/v1/forgot_password').send({ email: ADMIN.email }).expect(200);
    const mail = await mailTo(server.url, admin, ADMIN.email, /reset/i);
    const token = linkParam(mail.link, 'token');
    expect(token.length).toBeGreaterThan(20);

    const line = await waitFor(async () => log.text().split('\n').find((l) => l.includes('mail kept in the dev mailbox') && l.includes('reset-password')));
    expect(line).toContain('token=[redacted]');
    expect(log.text()).not.toContain(token);
  });

  it('logs a signed storage GET without its signature', async () => {
    await server.platform.storage.put('tracks/1/logged.mp3', Buffer.from('ID3 audio bytes'), { contentType: 'audio/mpeg' });
    const signed = new URL(await server.platform.storage.signDownload('tracks/1/logged.mp3', { expiresInSeconds: 60 }), server.url);
    const sig = signed.searchParams.get('sig')!;
    expect(sig.length).toBeGreaterThan(20);

    const res = await request(server.url).get(`${signed.pathname}${signed.search}`).expect(200);
    expect(res.body.toString()).toBe('ID3 audio bytes');
    const line = log.text().split('\n').find((l) => l.includes('incoming request') && l.includes('/v1/storage/objects/tracks/1/logged.mp3'));
    expect(line).toContain('sig=[redacted]');
    expect(log.text()).not.toContain(sig);
  });
});
