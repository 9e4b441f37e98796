import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageUsage } from '@stardeck/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, probeVideo, topLevelBoxes, type AudioFixtures } from '../support/audio-fixtures';
import { factories, type Factories } from '../support/factories';
import { waitFor } from '../support/services';
import { absoluteUrl } from '../support/urls';
import {
  bearer, createTrack, getTrack, member, mimeOf, objectExists, preflight, putUpload, startTracksWorld, uploadTrack,
  type Session, type TracksWorld,
} from './helpers';

describe('video uploads (premium and admin)', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let make: Factories;
  let scratch: string;

  beforeAll(async () => {
    [world, fixtures, scratch] = await Promise.all([startTracksWorld(), createAudioFixtures(), mkdtemp(join(tmpdir(), 'stardeck-video-e2e-'))]);
    make = factories(world);
  });
  afterAll(async () => {
    await world?.stop();
    await make?.dispose();
    await fixtures?.remove();
    await rm(scratch, { recursive: true, force: true });
  });

  const db = () => world.server.platform.database.db;
  const tracksOf = async (userId: string) => db().selectFrom('tracks').select('id').where('user_id', '=', userId).execute();
  const reservationsOf = async (userId: string) => db().selectFrom('pending_uploads').select('key').where('user_id', '=', userId).execute();
  const premium = async (): Promise<Session> => {
    const someone = await member(world);
    await make.setTier(someone, 'premium');
    return someone;
  };
  const download = async (url: string, name: string) => {
    const res = await fetch(absoluteUrl(world.url, url));
    expect(res.status).toBe(200);
    const path = join(scratch, name);
    await writeFile(path, Buffer.from(await res.arrayBuffer()));
    return { path, type: res.headers.get('content-type') };
  };

  it('takes a premium member\'s 640×360 MP4 to ready: the sound as for audio, a playable H.264 rendition with its moov in front, and a poster as artwork', async () => {
    const owner = await premium();
    const source = await fixtures.video('mp4');
    const id = await uploadTrack(world, owner, source, { title: 'moving pictures', visibility: 'public' });
    const track = (await getTrack(world, owner, id)).body.data.track;
    expect(track).toMatchObject({ status: 'ready', extension: 'mp4', mimetype: 'video/mp4', duration: '0:03', qualities: ['standard', 'high'], has_artwork: false });
    expect(track.video).toMatchObject({ width: 640, height: 360 });
    // The poster stands in for artwork the member did not give.
    expect(track.artwork).toBe(track.video.poster);
    expect(track.artwork).not.toMatch(/artwork\.svg$/);

    const rendition = await download(track.video.url, `rendition-${id}.mp4`);
    expect(rendition.type).toBe('video/mp4');
    const probed = await probeVideo(rendition.path);
    expect(probed).toMatchObject({ codec: 'h264', width: 640, height: 360, audioCodec: 'aac' });
    expect(probed.height).toBeLessThanOrEqual(720);
    const boxes = await topLevelBoxes(rendition.path);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const poster = await fetch(absoluteUrl(world.url, track.video.poster));
    expect(poster.status).toBe(200);
    expect([...new Uint8Array(await poster.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // The footer player plays the sound, as for any track.
    const play = await request(world.url).get(`/v1/tracks/${id}/play`).set(bearer(owner)).expect(200);
    expect(play.body.data).toMatchObject({ quality: 'standard', mimetype: 'audio/mpeg' });
    expect(await objectExists(world, `tracks/${id}/video.mp4`)).toBe(true);

    // A visitor sees the picture's poster but gets no URL of a stream they could not play.
    const seen = (await getTrack(world, null, id)).body.data.track;
    expect(seen.video).toMatchObject({ width: 640, height: 360, url: null });
    expect(typeof seen.video.poster).toBe('string');
    // Lists carry it too.
    const listed = await request(world.url).get(`/v1/tracks/user/${owner.me.username}`).set(bearer(owner)).expect(200);
    expect(listed.body.data.tracks.find((t: { id: number }) => t.id === id).video).toMatchObject({ width: 640, height: 360 });
  });

  it('counts the video rendition and poster against the owner\'s storage', async () => {
    const owner = await premium();
    const id = await uploadTrack(world, owner, await fixtures.video('mp4', { width: 320, height: 180, seconds: 2 }));
    const row = await db().selectFrom('tracks').select(['filesize', 'renditions', 'video']).where('id', '=', id).executeTakeFirstOrThrow();
    const video = row.video as { size: number; poster: { size: number } };
    const renditions = Object.values(row.renditions as Record<string, { size: number } | null>).reduce((sum, r) => sum + (r?.size ?? 0), 0);
    expect(video.size).toBeGreaterThan(1000);
    expect(await storageUsage.trackBytes(db(), owner.me.id)).toBe(Number(row.filesize) + renditions + video.size + video.poster.size);
  });

  it('gives an admin\'s WebM a video too', async () => {
    const id = await uploadTrack(world, world.admin, await fixtures.video('webm', { width: 160, height: 90, seconds: 1, rate: 10 }));
    const track = (await getTrack(world, world.admin, id)).body.data.track;
    expect(track).toMatchObject({ extension: 'webm', video: { width: 160, height: 90 } });
  });

  it('refuses the same MP4 to a free member with \'upgrade to premium\', and stores nothing', async () => {
    const free = await member(world);
    const source = await fixtures.video('mp4');
    const bytes = await readFile(source);
    const res = await preflight(world, free, { filename: 'clip.mp4', filesize: bytes.length, filetype: 'video/mp4', chunk: bytes.subarray(0, 4096) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 'error', error_code: 'PREMIUM_REQUIRED', msg: { title: 'Preflight validation failed', description: 'upgrade to premium' } });
    expect(await reservationsOf(free.me.id)).toEqual([]);
    expect(await tracksOf(free.me.id)).toEqual([]);
  });

  it('refuses at create a video uploaded while premium by a member who is free again, deleting the upload', async () => {
    const lapsed = await premium();
    const upload = await putUpload(world, lapsed, await fixtures.video('mp4'));
    await make.setTier(lapsed, 'free');
    const res = await createTrack(world, lapsed, upload);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error_code: 'PREMIUM_REQUIRED', msg: { description: 'upgrade to premium' } });
    expect(await tracksOf(lapsed.me.id)).toEqual([]);
    expect(await reservationsOf(lapsed.me.id)).toEqual([]);
    expect(await objectExists(world, upload.key)).toBe(false);
  });

  it('keeps an M4A audio for a free member, even named .mp4', async () => {
    const free = await member(world);
    const upload = await putUpload(world, free, await fixtures.make('m4a'), { filename: 'song.mp4' });
    const res = await createTrack(world, free, upload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.track.id as number;
    await waitFor(async () => (await getTrack(world, free, id)).body.data.track.status === 'ready', 60_000, 200);
    expect((await getTrack(world, free, id)).body.data.track).toMatchObject({ extension: 'm4a', video: null, mimetype: mimeOf('song.mp4') });
  });

  it('fails a video whose frames are wider than 4096 pixels, before decoding, and keeps none of it', async () => {
    const owner = await premium();
    const id = await uploadTrack(world, owner, await fixtures.video('mp4', { width: 4112, height: 64, seconds: 1, rate: 1 }), {}, 'failed');
    const track = (await getTrack(world, owner, id)).body.data.track;
    expect(track).toMatchObject({ status: 'failed', failure_reason: 'The video\'s frames are larger than 4096×4096 pixels.', video: null });
    expect(await objectExists(world, `tracks/${id}/standard.mp3`)).toBe(false);
    expect(await objectExists(world, `tracks/${id}/video.mp4`)).toBe(false);
  });
});
