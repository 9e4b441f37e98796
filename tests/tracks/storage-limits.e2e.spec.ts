import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { waitFor } from '../support/services';
import {
  createTrack, getTrack, member, mimeOf, objectExists, preflight, putUpload, startTracksWorld, uploadTrack, type Session, type TracksWorld,
} from './helpers';

const MB = 1024 * 1024;
const FREE_QUOTA = 1024 * MB;
const MAX_UPLOAD = 256 * MB;

/** Objects the transcoder writes for a track, and whether each is stored. */
async function trackObjects(world: TracksWorld, id: number): Promise<Record<string, boolean>> {
  const found: Record<string, boolean> = {};
  for (const name of ['standard.mp3', 'high.mp3', 'lossless.flac', 'peaks.json']) found[name] = await objectExists(world, `tracks/${id}/${name}`);
  return found;
}
const NOTHING = { 'standard.mp3': false, 'high.mp3': false, 'lossless.flac': false, 'peaks.json': false };

/** A failed track's objects are removed just after the failure is recorded. */
const waitForRemoval = (world: TracksWorld, key: string) => waitFor(async () => !(await objectExists(world, key)));

async function sourceKeyOf(world: TracksWorld, id: number): Promise<string> {
  const row = await world.server.platform.database.db.selectFrom('tracks').select('source_key').where('id', '=', id).executeTakeFirstOrThrow();
  return row.source_key;
}

describe('storage and duration limits on what an upload becomes', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld({ env: { TRANSCODE_MAX_DURATION_SECONDS: '600' } }), createAudioFixtures()]);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  /** Preflights (signs, uploads nothing) as many files as it takes to reserve `bytes`. */
  async function reserve(session: Session, bytes: number, chunk: Buffer): Promise<void> {
    for (let left = bytes; left > 0; left -= MAX_UPLOAD) {
      const filesize = Math.min(left, MAX_UPLOAD);
      const res = await preflight(world, session, { filename: 'later.flac', filesize, filetype: 'audio/flac', chunk });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }

  it('fails 20 minutes of silence in a 185 KB FLAC for being over the duration cap, and keeps none of it', async () => {
    const alice = await member(world);
    const silence = await fixtures.silentFlac(1200);
    expect((await stat(silence)).size).toBeLessThan(300_000);
    const id = await uploadTrack(world, alice, silence, {}, 'failed');
    const track = (await getTrack(world, alice, id)).body.data.track;
    expect(track).toMatchObject({ status: 'failed', failure_reason: 'The track is longer than the 10-minute limit.', qualities: [] });
    expect(await trackObjects(world, id)).toEqual(NOTHING);
    await waitForRemoval(world, await sourceKeyOf(world, id));
  });

  it('counts every rendition in the storage a member uses, not only the upload', async () => {
    const bob = await member(world);
    const path = await fixtures.make('flac');
    const id = await uploadTrack(world, bob, path);
    const source = (await stat(path)).size;
    let renditions = 0;
    for (const name of ['standard.mp3', 'high.mp3', 'lossless.flac']) renditions += (await world.server.platform.storage.head(`tracks/${id}/${name}`))!.size;
    expect(renditions).toBeGreaterThan(0);

    // Fill the quota with signed uploads up to exactly what the source and renditions leave free.
    const chunk = (await readFile(path)).subarray(0, 4096);
    await reserve(bob, 3 * MAX_UPLOAD, chunk);
    const room = FREE_QUOTA - 3 * MAX_UPLOAD - source - renditions;
    const file = (filesize: number) => ({ filename: 'last.flac', filesize, filetype: mimeOf('last.flac'), chunk });
    const over = await preflight(world, bob, file(room + 1));
    expect(over.status).toBe(413);
    expect(over.body.error_code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect((await preflight(world, bob, file(room))).status).toBe(200);
  });

  it('fails a track whose renditions would take the member over their quota, and removes them', async () => {
    const carol = await member(world);
    const path = await fixtures.make('flac');
    const upload = await putUpload(world, carol, path);
    // Everything else the quota allows is taken by signed uploads, but for a thousand bytes.
    await reserve(carol, FREE_QUOTA - upload.bytes.length - 1000, upload.bytes.subarray(0, 4096));
    const created = await createTrack(world, carol, upload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.track.id as number;

    const track = await waitForOutcome(world, carol, id);
    expect(track.status).toBe('failed');
    expect(track.failure_reason).toMatch(/^Storage quota exceeded: this track's playable versions need 0\.\d MB and 0\.0 MB of your 1024 MB are free$/);
    // Refused from the probe, before encoding: nothing of them is stored, and the upload goes.
    await waitFor(async () => JSON.stringify(await trackObjects(world, id)) === JSON.stringify(NOTHING));
    await waitForRemoval(world, await sourceKeyOf(world, id));
  });
});

describe('the time one transcode may take', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld({ env: { TRANSCODE_TIME_LIMIT_SECONDS: '1' } }), createAudioFixtures()]);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  it('stops ffmpeg and fails the track with the reason when encoding takes longer than the limit', async () => {
    const dave = await member(world);
    const id = await uploadTrack(world, dave, await fixtures.silentFlac(900), {}, 'failed');
    const track = (await getTrack(world, dave, id)).body.data.track;
    expect(track).toMatchObject({ status: 'failed', failure_reason: 'Processing the file took longer than the 1-second limit.' });
    expect(await trackObjects(world, id)).toEqual(NOTHING);
  });
});

function waitForOutcome(world: TracksWorld, session: Session, id: number) {
  return waitFor(async () => {
    const track = (await getTrack(world, session, id)).body.data.track;
    return track.status === 'processing' ? null : track;
  }, 60_000, 200);
}
