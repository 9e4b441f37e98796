import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Role } from '@stardeck/api';
import request from 'supertest';
import { expect } from 'vitest';
import { ADMIN, bearer, login, newMember, type Session } from '../auth/helpers';
import { startTestServer, type TestServer } from '../support/server';
import { freePort, waitFor } from '../support/services';

export { bearer, type Session };

const MIME: Record<string, string> = {
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', m4a: 'audio/mp4',
};
export const mimeOf = (file: string) => MIME[file.split('.').pop()!] ?? 'application/octet-stream';

export interface TracksWorld {
  server: TestServer;
  url: string;
  admin: Session;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The whole stack in one process (API, projections, transcode dispatcher and transcoder) on a
 * fresh database and stream, with local storage in a temporary directory. Signed URLs carry
 * PUBLIC_URL, so the port is chosen before the server starts.
 */
export async function startTracksWorld(options: { roles?: Role[] } = {}): Promise<TracksWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-tracks-'));
  const port = await freePort();
  const server = await startTestServer({
    roles: options.roles ?? ['api', 'projector', 'transcoder'],
    env: {
      DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`,
      STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const admin = await login(server.url, ADMIN.email, ADMIN.password);
  return {
    server, url: server.url, admin, dataDir,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function member(world: TracksWorld): Promise<Session> {
  return newMember(world.url, world.admin);
}

/** Tiers and settings have their own modules later; tests set them on the users model directly. */
export async function setTier(world: TracksWorld, session: Session, tier: 'free' | 'core' | 'premium'): Promise<void> {
  await world.server.platform.database.db.updateTable('users').set({ tier }).where('id', '=', session.me.id).execute();
}

export async function setConfig(world: TracksWorld, session: Session, config: Record<string, unknown>): Promise<void> {
  const db = world.server.platform.database.db;
  const row = await db.selectFrom('users').select('config').where('id', '=', session.me.id).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ config: JSON.stringify({ ...row.config, ...config }) }).where('id', '=', session.me.id).execute();
}

export function preflight(world: TracksWorld, session: Session, file: { filename: string; filesize: number; filetype: string; chunk: Buffer }) {
  const req = request(world.url).post('/v1/manage/tracks/preflight').set(bearer(session))
    .field('filename', file.filename).field('filesize', String(file.filesize)).field('filetype', file.filetype);
  return file.chunk.length > 0
    ? req.attach('file_chunk', file.chunk, { filename: 'blob', contentType: 'application/octet-stream' })
    : req.field('file_chunk', '');
}

export interface Uploaded {
  key: string;
  bytes: Buffer;
  filename: string;
}

/** Preflight and the direct PUT to storage, as the upload form does them. */
export async function putUpload(world: TracksWorld, session: Session, path: string, overrides: { filename?: string } = {}): Promise<Uploaded> {
  const bytes = await readFile(path);
  const filename = overrides.filename ?? basename(path);
  const pre = await preflight(world, session, { filename, filesize: bytes.length, filetype: mimeOf(filename), chunk: bytes.subarray(0, 4096) });
  expect(pre.status, JSON.stringify(pre.body)).toBe(200);
  const data = pre.body.data;
  const put = await fetch(data.upload_url, { method: 'PUT', headers: data.headers, body: bytes });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  return { key: data.key, bytes, filename };
}

export function createTrack(world: TracksWorld, session: Session, upload: Uploaded, fields: Record<string, unknown> = {}) {
  const ext = upload.filename.split('.').pop()!;
  return request(world.url).post('/v1/manage/tracks').set(bearer(session)).send({
    key: upload.key, filename: upload.filename, mimetype: mimeOf(upload.filename), extension: ext, filesize: upload.bytes.length, ...fields,
  });
}

/** Upload → create → wait until the transcoder made it ready (or failed). Returns the track id. */
export async function uploadTrack(world: TracksWorld, session: Session, path: string, fields: Record<string, unknown> = {}, expectStatus: 'ready' | 'failed' = 'ready'): Promise<number> {
  const upload = await putUpload(world, session, path);
  const res = await createTrack(world, session, upload, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.track.id as number;
  await waitFor(async () => {
    const track = await getTrack(world, session, id);
    return track.body.data.track.status === expectStatus;
  }, 60_000, 200);
  return id;
}

export function getTrack(world: TracksWorld, session: Session | null, id: number) {
  const req = request(world.url).get(`/v1/tracks/${id}`);
  return session ? req.set(bearer(session)) : req;
}

/** Objects currently stored under a key prefix (through the storage port, so any adapter works). */
export async function objectExists(world: TracksWorld, key: string): Promise<boolean> {
  return (await world.server.platform.storage.head(key)) !== null;
}
