import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures, type PlaylistKind } from '../support/audio-fixtures';
import { waitFor } from '../support/services';
import {
  createTrack, getTrack, member, objectExists, putUpload, startTracksWorld, uploadTrack, type Session, type TracksWorld,
} from './helpers';

describe('an upload that names another member\'s audio', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let victimPath: string;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
    const bob = await member(world);
    const id = await uploadTrack(world, bob, await fixtures.make('mp3', { seconds: 6 }), { visibility: 'private' });
    victimPath = join(world.dataDir, 'objects', 'tracks', String(id), 'high.mp3');
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  const tracksOf = (session: Session) =>
    world.server.platform.database.db.selectFrom('tracks').select('id').where('user_id', '=', session.me.id).execute();

  it.each<[PlaylistKind, () => string]>([
    ['hls', () => `file:${victimPath}`],
    ['ffconcat', () => victimPath],
  ])('behind an ID3 tag longer than the preflight chunk (%s) is refused at create, and nothing is stored', async (kind, target) => {
    const mallory = await member(world);
    // The first 4096 bytes are all ID3 tag: the preflight cannot tell, and signs the upload.
    const upload = await putUpload(world, mallory, await fixtures.playlistBehindId3(kind, target()), { filename: 'song.mp3' });

    const created = await createTrack(world, mallory, upload);
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(created.body).toMatchObject({
      status: 'error', error_code: 'INVALID_MIME_TYPE', msg: { title: 'Track Creation Failed', description: 'File does not appear to be an audio file' },
    });
    expect(await tracksOf(mallory)).toEqual([]);
    expect(await objectExists(world, upload.key)).toBe(false);
    const reserved = await world.server.platform.database.db.selectFrom('pending_uploads').select('key').where('user_id', '=', mallory.me.id).execute();
    expect(reserved).toEqual([]);
  });

  it.each<[PlaylistKind, () => string]>([
    ['hls', () => `file:${victimPath}`],
    ['ffconcat', () => victimPath],
  ])('that gets past create anyway (%s) ends failed, and the transcoder makes nothing of the named audio', async (kind, target) => {
    const mallory = await member(world);
    const queue = world.server.platform.transcodeQueue;
    const enqueue = queue.enqueue.bind(queue);
    const held: Parameters<typeof queue.enqueue>[] = [];
    queue.enqueue = async (...args) => void held.push(args);
    let id: number;
    try {
      const created = await createTrack(world, mallory, await putUpload(world, mallory, await fixtures.make('mp3')));
      expect(created.status).toBe(201);
      id = created.body.data.track.id;
      await waitFor(async () => held.length > 0);
    } finally {
      queue.enqueue = enqueue;
    }
    // The stored source becomes the hostile file between the checks and the transcode.
    const { source_key } = await world.server.platform.database.db.selectFrom('tracks').select('source_key').where('id', '=', id).executeTakeFirstOrThrow();
    const hostile = await readFile(await fixtures.playlistBehindId3(kind, target()));
    await world.server.platform.storage.put(source_key, hostile, { contentType: 'audio/mpeg' });
    await enqueue(...held[0]!);

    const track = await waitFor(async () => {
      const t = (await getTrack(world, mallory, id)).body.data.track;
      return t.status === 'processing' ? null : t;
    }, 30_000, 200);
    expect(track).toMatchObject({ status: 'failed', failure_reason: 'The file could not be decoded as audio.', qualities: [] });
    for (const name of ['standard.mp3', 'high.mp3', 'peaks.json']) expect(await objectExists(world, `tracks/${id}/${name}`)).toBe(false);
  });
});
