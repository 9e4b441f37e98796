import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadSweeper } from '@stardeck/api';
import { startTestServer, type TestServer } from '../support/server';
import { waitFor } from '../support/services';
import { resolvingUrls } from '../support/urls';
import { storageContract } from './storage-contract';

async function startLocal(dataDir = mkdtempSync(join(tmpdir(), 'stardeck-objects-'))): Promise<{ server: TestServer; dataDir: string }> {
  const server = await startTestServer({ roles: ['api'], env: { DATA_DIR: dataDir } });
  return { server, dataDir };
}

storageContract('local disk', { tamperedUrlsRefused: true, suffixRanges: true, uploadLimit: true }, async () => {
  const { server } = await startLocal();
  expect(server.platform.storage.kind).toBe('local');
  return { storage: resolvingUrls(server.platform.storage, server.url), stop: () => server.stop() };
});

describe('local storage endpoints', () => {
  let server: TestServer;
  let dataDir: string;
  const files = () => readdirSync(join(dataDir, 'objects'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);

  const signing = () => resolvingUrls(server.platform.storage, server.url);

  beforeAll(async () => ({ server, dataDir } = await startLocal()));
  afterAll(async () => server?.stop());

  it('answers refusals with the error envelope', async () => {
    const signed = await signing().signUpload('uploads/u1/a.mp3', { contentType: 'audio/mpeg', maxBytes: 4, expiresInSeconds: 60 });
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
    const signed = await signing().signUpload(key, { contentType: 'audio/mpeg', maxBytes: 10_000_000, expiresInSeconds: 60 });
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
    const url = await signing().signDownload(key, { expiresInSeconds: 60, filename: 'Späti mix.mp3' });

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

describe('temp files of uploads that never finished', () => {
  let server: TestServer | undefined;
  afterAll(async () => server?.stop());

  /** What `put` leaves beside the target when its process dies mid-upload, last written `ageMs` ago. */
  function unfinishedWrite(dataDir: string, name: string, ageMs: number): string[] {
    const dir = join(dataDir, 'objects', 'uploads', 'u4');
    mkdirSync(dir, { recursive: true });
    const part = join(dir, `.${name}.${randomUUID()}.part`);
    const files = [part, `${part}.meta`];
    for (const file of files) {
      writeFileSync(file, 'half an upload');
      const when = new Date(Date.now() - ageMs);
      utimesSync(file, when, when);
    }
    return files;
  }

  it('are removed at start and by each sweep once nothing has written to them for an hour; a live one stays', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-objects-'));
    const HOUR = 3600_000;
    const leftByLastRun = unfinishedWrite(dataDir, 'crashed.mp3', 2 * HOUR);
    const live = unfinishedWrite(dataDir, 'live.mp3', 60_000);
    ({ server } = await startLocal(dataDir));
    await waitFor(async () => leftByLastRun.every((file) => !existsSync(file)));

    const leftSinceStart = unfinishedWrite(dataDir, 'aborted.mp3', HOUR + 60_000);
    expect(await server.app.get(UploadSweeper).sweepUnfinishedWrites()).toBe(2);
    for (const file of leftSinceStart) expect(existsSync(file), file).toBe(false);
    for (const file of live) expect(existsSync(file), file).toBe(true);
  });
});
