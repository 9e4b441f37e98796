import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import request from 'supertest';
import { expect } from 'vitest';
import { bearer, type Session } from '../auth/helpers';
import { waitFor } from './services';
import { absoluteUrl } from './urls';

/** Anything with the address of a running API: a test server, a tracks world. */
export interface ApiTarget {
  url: string;
}

const MIME: Record<string, string> = {
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', m4a: 'audio/mp4',
  mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', mkv: 'video/x-matroska',
};
export const mimeOf = (file: string) => MIME[file.split('.').pop()!] ?? 'application/octet-stream';

export function preflight(target: ApiTarget, session: Session, file: { filename: string; filesize: number; filetype: string; chunk: Buffer }) {
  const req = request(target.url).post('/v1/manage/tracks/preflight').set(bearer(session))
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
export async function putUpload(target: ApiTarget, session: Session, path: string, overrides: { filename?: string } = {}): Promise<Uploaded> {
  const bytes = await readFile(path);
  const filename = overrides.filename ?? basename(path);
  const pre = await preflight(target, session, { filename, filesize: bytes.length, filetype: mimeOf(filename), chunk: bytes.subarray(0, 4096) });
  expect(pre.status, JSON.stringify(pre.body)).toBe(200);
  const data = pre.body.data;
  const put = await fetch(absoluteUrl(target.url, data.upload_url), { method: 'PUT', headers: data.headers, body: bytes });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  return { key: data.key, bytes, filename };
}

export function createTrack(target: ApiTarget, session: Session, upload: Uploaded, fields: Record<string, unknown> = {}) {
  const ext = upload.filename.split('.').pop()!;
  return request(target.url).post('/v1/manage/tracks').set(bearer(session)).send({
    key: upload.key, filename: upload.filename, mimetype: mimeOf(upload.filename), extension: ext, filesize: upload.bytes.length, ...fields,
  });
}

export function getTrack(target: ApiTarget, session: Session | null, id: number) {
  const req = request(target.url).get(`/v1/tracks/${id}`);
  return session ? req.set(bearer(session)) : req;
}

/** Upload → create → wait until the transcoder made it ready (or failed). Returns the track id. */
export async function uploadTrack(target: ApiTarget, session: Session, path: string, fields: Record<string, unknown> = {}, expectStatus: 'ready' | 'failed' = 'ready'): Promise<number> {
  const upload = await putUpload(target, session, path);
  const res = await createTrack(target, session, upload, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.track.id as number;
  await waitFor(async () => {
    const track = await getTrack(target, session, id);
    return track.body.data.track.status === expectStatus;
  }, 60_000, 200);
  return id;
}
