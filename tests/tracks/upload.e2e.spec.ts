import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { peaksForDrawing } from '@stardeck/contracts';
import { TrackOutcomeRecorder } from '@stardeck/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { factories, type Factories } from '../support/factories';
import { waitFor } from '../support/services';
import { absoluteUrl } from '../support/urls';
import {
  bearer, createTrack, getTrack, member, objectExists, preflight, putUpload, startTracksWorld, uploadTrack,
  type Session, type TracksWorld,
} from './helpers';

const MB = 1024 * 1024;

describe('upload: preflight, direct PUT, create, transcode', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let make: Factories;
  let alice: Session;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
    make = factories(world);
    alice = await member(world);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  const trackCount = async () => Number((await world.server.platform.database.db.selectFrom('tracks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('takes each of the six formats from upload to ready, with analysis and renditions', async () => {
    for (const format of ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a'] as const) {
      const path = await fixtures.make(format);
      const id = await uploadTrack(world, alice, path, { title: `clip ${format}`, visibility: 'public' });
      const track = (await getTrack(world, alice, id)).body.data.track;
      expect(track).toMatchObject({ id, title: `clip ${format}`, status: 'ready', visibility: 'public', extension: format, duration: '0:04', progress: null });
      expect(track.analysis.standard.duration).toBeCloseTo(fixtures.durationSeconds, 1);
      expect(peaksForDrawing(track.analysis.peaks)).toHaveLength(800);
      expect(track.qualities).toEqual(format === 'wav' || format === 'flac' ? ['standard', 'high', 'flac'] : ['standard', 'high']);
      expect(await objectExists(world, `tracks/${id}/standard.mp3`)).toBe(true);
    }
  });

  it('signs upload, play and artwork URLs that work under whatever name the site was opened at', async () => {
    // The server's PUBLIC_URL names 127.0.0.1; a visitor may open it as localhost or a LAN name.
    const opened = world.url.replace('127.0.0.1', 'localhost');
    expect(opened).not.toBe(world.url);
    const bytes = await readFile(await fixtures.make('mp3'));
    const pre = await request(opened).post('/v1/manage/tracks/preflight').set(bearer(alice))
      .field('filename', 'named.mp3').field('filesize', String(bytes.length)).field('filetype', 'audio/mpeg')
      .attach('file_chunk', bytes.subarray(0, 4096), { filename: 'blob', contentType: 'application/octet-stream' });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    // Same-origin paths: nothing in them names a host for the browser to treat as another origin.
    expect(pre.body.data.upload_url).toMatch(/^\/v1\/storage\/objects\//);
    expect((await fetch(new URL(pre.body.data.upload_url, opened), { method: 'PUT', headers: pre.body.data.headers, body: bytes })).status).toBe(200);
    const created = await createTrack({ url: opened }, alice, { key: pre.body.data.key, bytes, filename: 'named.mp3' }, { visibility: 'public' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.track.id as number;
    expect(created.body.data.track.artwork).toBe(`/v1/tracks/${id}/artwork.svg`);
    expect((await fetch(new URL(created.body.data.track.artwork, opened))).status).toBe(200);
    await waitFor(async () => (await getTrack(world, alice, id)).body.data.track.status === 'ready', 60_000, 200);
    const play = await request(opened).get(`/v1/tracks/${id}/play`).set(bearer(alice)).expect(200);
    expect(play.body.data.url).toMatch(/^\/v1\/storage\/objects\//);
    const ranged = await fetch(new URL(play.body.data.url, opened), { headers: { range: 'bytes=0-1' } });
    expect(ranged.status).toBe(206);
  });

  it('defaults the title to the filename and the visibility to private', async () => {
    const upload = await putUpload(world, alice, await fixtures.make('mp3'), { filename: 'My Night Song.mp3' });
    const res = await createTrack(world, alice, upload);
    expect(res.status).toBe(201);
    expect(res.body.data.track).toMatchObject({ title: 'My Night Song', visibility: 'private', status: 'processing' });
    expect(Number.isInteger(res.body.data.track.id) && res.body.data.track.id > 0).toBe(true);
  });

  describe('refuses bad input with the spec error and stores nothing', () => {
    const refused = async (res: request.Response, status: number, code: string, description: string) => {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ status: 'error', status_code: status, error_code: code, msg: { title: 'Preflight validation failed', description } });
    };

    it('a text file named .mp3', async () => {
      const bytes = await readFile(await fixtures.notAudio());
      await refused(await preflight(world, alice, { filename: 'song.mp3', filesize: bytes.length, filetype: 'audio/mpeg', chunk: bytes.subarray(0, 4096) }),
        400, 'INVALID_MIME_TYPE', 'File does not appear to be an audio file');
    });

    it('zero bytes', async () => {
      await refused(await preflight(world, alice, { filename: 'empty.mp3', filesize: 0, filetype: 'audio/mpeg', chunk: Buffer.alloc(0) }),
        400, 'INVALID_MIME_TYPE', 'File does not appear to be an audio file');
    });

    it('a flac whose header is cut short', async () => {
      const bytes = (await readFile(await fixtures.make('flac'))).subarray(0, 30);
      await refused(await preflight(world, alice, { filename: 'cut.flac', filesize: bytes.length, filetype: 'audio/flac', chunk: bytes }),
        400, 'INVALID_MIME_TYPE', 'File does not appear to be an audio file');
    });

    it('a declared size over 256 MB', async () => {
      const bytes = (await readFile(await fixtures.make('mp3'))).subarray(0, 4096);
      await refused(await preflight(world, alice, { filename: 'big.mp3', filesize: 256 * MB + 1, filetype: 'audio/mpeg', chunk: bytes }),
        413, 'FILE_TOO_LARGE', 'File size exceeds maximum allowed size of 256MB');
    });

    it('a wrong extension and a wrong mime type', async () => {
      const bytes = await readFile(await fixtures.make('mp3'));
      await refused(await preflight(world, alice, { filename: 'song.txt', filesize: bytes.length, filetype: 'audio/mpeg', chunk: bytes.subarray(0, 4096) }),
        400, 'INVALID_EXTENSION', 'Invalid file extension. Supported formats: mp3, wav, ogg, aac, flac, m4a');
      await refused(await preflight(world, alice, { filename: 'song.mp3', filesize: bytes.length, filetype: 'text/plain', chunk: bytes.subarray(0, 4096) }),
        400, 'INVALID_MIME_TYPE', 'File does not appear to be an audio file');
    });

    it('a quota overrun, counting stored tracks and signed uploads', async () => {
      const bob = await make.newMember();
      const path = await fixtures.make('mp3');
      const bytes = await readFile(path);
      await uploadTrack(world, bob, path);
      const ask = (filesize: number) => preflight(world, bob, { filename: 'more.mp3', filesize, filetype: 'audio/mpeg', chunk: bytes.subarray(0, 4096) });
      // Signed uploads fill the free tier's 1024 MB but for 30 MB plus half the stored track:
      // a 30 MB file then fits only if the stored track were left out of the count.
      for (let left = 1024 * MB - 30 * MB - Math.floor(bytes.length / 2); left > 0; left -= 250 * MB) {
        const reserved = await ask(Math.min(left, 250 * MB));
        expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
      }
      const res = await ask(30 * MB);
      expect(res.status).toBe(413);
      expect(res.body.error_code).toBe('STORAGE_QUOTA_EXCEEDED');
      expect(res.body.msg.description).toMatch(/^Storage quota exceeded: 99\d\.\d MB of 1024 MB used/);
      await make.setTier(bob, 'core');
      // The access token carries no tier: the guard reads the user row on every request.
      expect((await ask(30 * MB)).status).toBe(200);
    });

    it('a tampered or expired upload URL', async () => {
      const bytes = await readFile(await fixtures.make('mp3'));
      const pre = await preflight(world, alice, { filename: 'a.mp3', filesize: bytes.length, filetype: 'audio/mpeg', chunk: bytes.subarray(0, 4096) });
      const url = new URL(pre.body.data.upload_url, world.url);
      url.searchParams.set('max', String(bytes.length * 2));
      expect((await fetch(url, { method: 'PUT', headers: pre.body.data.headers, body: bytes })).status).toBe(403);
      const expired = await world.server.platform.storage.signUpload(pre.body.data.key, { contentType: 'audio/mpeg', maxBytes: bytes.length, expiresInSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await fetch(absoluteUrl(world.url, expired.url), { method: 'PUT', headers: expired.headers, body: bytes })).status).toBe(403);
      expect(await objectExists(world, pre.body.data.key)).toBe(false);
      const res = await createTrack(world, alice, { key: pre.body.data.key, bytes, filename: 'a.mp3' });
      expect(res.status).toBe(400);
      expect(res.body.error_code).toBe('UPLOAD_FAILED');
    });

    it('an object whose bytes differ from the preflight, which is then deleted', async () => {
      const before = await trackCount();
      const mp3 = await readFile(await fixtures.make('mp3'));
      const text = await readFile(await fixtures.notAudio());
      const fake = Buffer.concat([mp3.subarray(0, 4096), text]).subarray(0, mp3.length);
      const other = join(fixtures.dir, 'swapped.mp3');
      await writeFile(other, text.subarray(0, 4096));
      // Size differs from the declared one.
      const pre = await preflight(world, alice, { filename: 'x.mp3', filesize: mp3.length, filetype: 'audio/mpeg', chunk: mp3.subarray(0, 4096) });
      await world.server.platform.storage.put(pre.body.data.key, fake.subarray(0, 5000), { contentType: 'audio/mpeg' });
      const sized = await createTrack(world, alice, { key: pre.body.data.key, bytes: mp3, filename: 'x.mp3' });
      expect(sized.status).toBe(400);
      expect(sized.body).toMatchObject({ error_code: 'UPLOAD_MISMATCH', msg: { title: 'Track Creation Failed' } });
      expect(await objectExists(world, pre.body.data.key)).toBe(false);
      // Same size, but the first bytes are text.
      const pre2 = await preflight(world, alice, { filename: 'y.mp3', filesize: 4096, filetype: 'audio/mpeg', chunk: mp3.subarray(0, 4096) });
      await world.server.platform.storage.put(pre2.body.data.key, text.subarray(0, 4096), { contentType: 'audio/mpeg' });
      const sniffed = await createTrack(world, alice, { key: pre2.body.data.key, bytes: mp3.subarray(0, 4096), filename: 'y.mp3' });
      expect(sniffed.status).toBe(400);
      expect(sniffed.body).toMatchObject({ error_code: 'INVALID_MIME_TYPE', msg: { description: 'File does not appear to be an audio file' } });
      expect(await objectExists(world, pre2.body.data.key)).toBe(false);
      expect(await trackCount()).toBe(before);
    });

    it("someone else's upload key", async () => {
      const upload = await putUpload(world, alice, await fixtures.make('mp3'));
      const mallory = await member(world);
      const res = await createTrack(world, mallory, upload);
      expect(res.status).toBe(403);
      expect(await objectExists(world, upload.key)).toBe(true);
    });
  });

  it('queues the transcode job once the queue is reachable again: an outage at upload time loses nothing', async () => {
    const queue = world.server.platform.transcodeQueue;
    const enqueue = queue.enqueue.bind(queue);
    let refused = 0;
    queue.enqueue = async () => {
      refused += 1;
      throw new Error('queue unreachable');
    };
    try {
      const upload = await putUpload(world, alice, await fixtures.make('wav'));
      const res = await createTrack(world, alice, upload);
      expect(res.status).toBe(201);
      const id = res.body.data.track.id as number;
      await waitFor(async () => refused >= 2);
      expect((await getTrack(world, alice, id)).body.data.track.status).toBe('processing');
      queue.enqueue = enqueue;
      await waitFor(async () => (await getTrack(world, alice, id)).body.data.track.status === 'ready', 30_000);
    } finally {
      queue.enqueue = enqueue;
    }
  });

  it('shows transcode progress while processing; late or repeated outcomes change nothing', async () => {
    const queue = world.server.platform.transcodeQueue;
    const enqueue = queue.enqueue.bind(queue);
    const held: Parameters<typeof queue.enqueue>[] = [];
    queue.enqueue = async (...args) => void held.push(args);
    let id: number;
    try {
      const res = await createTrack(world, alice, await putUpload(world, alice, await fixtures.make('mp3')));
      id = res.body.data.track.id;
      await waitFor(async () => held.length > 0);
    } finally {
      queue.enqueue = enqueue;
    }
    const sink = new TrackOutcomeRecorder(world.server.platform);
    await sink.progress(String(id), 40);
    await sink.progress(String(id), 30);
    expect((await getTrack(world, alice, id)).body.data.track).toMatchObject({ status: 'processing', progress: 40 });
    expect(await sink.isAlreadyDone(String(id))).toBe(false);
    await enqueue(...held[0]!);
    await waitFor(async () => (await getTrack(world, alice, id)).body.data.track.status === 'ready', 30_000);
    expect(await sink.isAlreadyDone(String(id))).toBe(true);
    await sink.failed(String(id), 'late report');
    await sink.progress(String(id), 50);
    const track = (await getTrack(world, alice, id)).body.data.track;
    expect(track).toMatchObject({ status: 'ready', progress: null, failure_reason: null });
    expect(await objectExists(world, `tracks/${id}/high.mp3`)).toBe(true);
  });

  it('a flac truncated after its header fails transcoding with a readable reason and keeps no bytes', async () => {
    const id = await uploadTrack(world, alice, await fixtures.truncatedFlac(), {}, 'failed');
    const track = (await getTrack(world, alice, id)).body.data.track;
    expect(track.status).toBe('failed');
    expect(track.failure_reason).toMatch(/\w+ \w+/);
    expect(await objectExists(world, `tracks/${id}/standard.mp3`)).toBe(false);
    const row = await world.server.platform.database.db.selectFrom('tracks').select('source_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await objectExists(world, row.source_key)).toBe(false);
    // Others never see a failed track.
    const bob = await member(world);
    expect((await getTrack(world, bob, id)).status).toBe(404);
    expect((await request(world.url).get(`/v1/tracks/${id}/play`).set(bearer(alice))).status).toBe(409);
  });
});
