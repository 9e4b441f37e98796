import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Storage } from '@stardeck/infra';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { storageContract } from './storage-contract';

const BUCKET = 'stardeck-test';

/** An in-process S3 stand-in on a free port; s3rver's built-in account is S3RVER/S3RVER. */
async function startS3(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'stardeck-s3rver-')), configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    close: () => s3.close(),
  };
}

async function startWithS3(): Promise<{ server: TestServer; env: Record<string, string>; stop(): Promise<void> }> {
  const s3 = await startS3();
  const server = await startTestServer({ roles: ['api'], env: s3.env });
  return { server, env: s3.env, stop: async () => { await server.stop(); await s3.close(); } };
}

const s3Options = (env: Record<string, string>) => ({
  endpoint: env.S3_ENDPOINT!, bucket: env.S3_BUCKET!, accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY!, region: 'us-east-1', forcePathStyle: true,
});

// s3rver 3.7 accepts any SigV4 signature without checking it, and reads `bytes=-N` as `0-N`;
// those two behaviours are proven against the local endpoint only. A presigned PUT carries no
// size limit on any S3 store: the step that accepts an upload checks the stored size with head.
storageContract('S3 (s3rver)', { tamperedUrlsRefused: false, suffixRanges: false, uploadLimit: false }, async () => {
  const { server, stop } = await startWithS3();
  expect(server.platform.storage.kind).toBe('s3');
  return { storage: server.platform.storage, stop };
});

describe('S3 storage wiring', () => {
  let running: Awaited<ReturnType<typeof startWithS3>>;
  beforeAll(async () => {
    running = await startWithS3();
  });
  afterAll(async () => running?.stop());

  it('signs uploads the store will hold to their content type, without checksum headers a browser cannot send', async () => {
    const signed = await running.server.platform.storage.signUpload('uploads/u1/a.mp3', { contentType: 'audio/mpeg', maxBytes: 10, expiresInSeconds: 300 });
    const url = new URL(signed.url);
    expect(url.pathname).toBe(`/${BUCKET}/uploads/u1/a.mp3`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(signed.headers).toEqual({ 'content-type': 'audio/mpeg' });
  });

  it("makes a new site's bucket once: created, then found", async () => {
    const storage = new S3Storage({ ...s3Options(running.env), bucket: 'stardeck-new-site' });
    expect(await storage.ensureBucket()).toBe('created');
    expect(await storage.ensureBucket()).toBe('exists');
    await storage.put('check/a.txt', Buffer.from('hi'), { contentType: 'text/plain' });
    expect(await storage.head('check/a.txt')).toEqual({ size: 2, contentType: 'text/plain' });
  });

  it('asks the store to serve downloads with the requested type and file name', async () => {
    const url = new URL(await running.server.platform.storage.signDownload('tracks/t1/high.mp3', { expiresInSeconds: 60, contentType: 'audio/mpeg', filename: 'mix.mp3' }));
    expect(url.searchParams.get('response-content-type')).toBe('audio/mpeg');
    expect(url.searchParams.get('response-content-disposition')).toContain('attachment; filename="mix.mp3"');
  });

  it('leaves the local storage endpoints unrouted: they answer 404', async () => {
    const response = await fetch(`${running.server.url}/v1/storage/objects/uploads/u1/a.mp3?expires=1&sig=x`);
    expect(response.status).toBe(404);
    const upload = await fetch(`${running.server.url}/v1/storage/objects/uploads/u1/a.mp3?expires=1&max=1&sig=x`, {
      method: 'PUT', headers: { 'content-type': 'audio/mpeg' }, body: Buffer.alloc(1),
    });
    expect(upload.status).toBe(404);
  });
});
