import { readFile } from 'node:fs/promises';
import { TRACK_MSG, TIERS } from '@stardeck/contracts';
import { TrackOutcomeRecorder } from '@stardeck/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { waitFor } from '../support/services';
import { factories } from '../support/factories';
import { createTrack, getTrack, member, mimeOf, preflight, putUpload, startTracksWorld, type Session, type TracksWorld } from './helpers';

const MB = 1024 * 1024;
/** What the member uploaded: 2 h 59 min of silence, about 2 MB as FLAC. */
const LONG_SECONDS = 2 * 3600 + 59 * 60;

async function createFrom(world: TracksWorld, session: Session, path: string): Promise<number> {
  const upload = await putUpload(world, session, path);
  const created = await createTrack(world, session, upload);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.track.id as number;
}

let fixtures: AudioFixtures;
/** The long file, made once for the whole file: encoding three hours of silence takes a while even as FLAC. */
let long: string;
beforeAll(async () => {
  fixtures = await createAudioFixtures();
  long = await fixtures.silentFlac(LONG_SECONDS);
}, 180_000);
afterAll(async () => {
  await fixtures?.remove();
});

async function outcomeOf(world: TracksWorld, session: Session, id: number, timeoutMs = 60_000) {
  return waitFor(async () => {
    const track = (await getTrack(world, session, id)).body.data.track;
    return track.status === 'processing' ? null : track;
  }, timeoutMs, 100);
}

describe('the transcode queue takes members in turn', () => {
  let world: TracksWorld;
  const enqueued: string[] = [];

  // No transcoder: jobs stay where the dispatcher put them, and outcomes are recorded by hand.
  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
    const queue = world.server.platform.transcodeQueue;
    const enqueue = queue.enqueue.bind(queue);
    queue.enqueue = async (id, job) => {
      enqueued.push(id);
      await enqueue(id, job);
    };
  });
  afterAll(async () => {
    await world?.stop();
  });

  it("holds a member's further uploads until the previous one ends, while another member's goes out at once", async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const path = await fixtures.make('mp3');
    const first = await createFrom(world, alice, path);
    const second = await createFrom(world, alice, path);
    const third = await createFrom(world, alice, path);
    const bobs = await createFrom(world, bob, path);
    const db = world.server.platform.database.db;
    await waitFor(async () => (await db.selectFrom('transcode_dispatch').select('track_id').where('track_id', '=', bobs).executeTakeFirst()) ?? null);
    expect(enqueued.filter((id) => [first, second, third, bobs].map((n) => `track-${n}`).includes(id))).toEqual([`track-${first}`, `track-${bobs}`]);

    await new TrackOutcomeRecorder(world.server.platform).failed(String(first), 'test: the first one ended');
    await waitFor(async () => enqueued.includes(`track-${second}`));
    expect(enqueued).not.toContain(`track-${third}`);
  });

  it('refuses more uploads an hour than the plan allows, with the reason', async () => {
    const carol = await member(world);
    const path = await fixtures.make('mp3');
    const limit = TIERS.free.uploadsPerHour;
    for (let i = 0; i < limit; i++) await createFrom(world, carol, path);
    const bytes = await readFile(path);
    const refused = await preflight(world, carol, { filename: 'one-more.mp3', filesize: bytes.length, filetype: mimeOf(path), chunk: bytes.subarray(0, 4096) });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error_code: 'UPLOAD_LIMIT_REACHED', msg: { description: TRACK_MSG.uploadsPerHour(limit, 'free') } });
    expect(refused.body.msg.description).toBe('Upload limit reached: the free plan allows 20 uploads an hour. Try again later.');
  });

  it('lets exactly the hourly number of 100 parallel creates through', async () => {
    const dave = await member(world);
    const path = await fixtures.make('mp3');
    const uploads = [];
    for (let i = 0; i < 100; i++) uploads.push(await putUpload(world, dave, path));
    const answers = await Promise.all(uploads.map((upload) => createTrack(world, dave, upload)));
    const limit = TIERS.free.uploadsPerHour;
    expect(answers.filter((res) => res.status === 201)).toHaveLength(limit);
    const refused = answers.filter((res) => res.status !== 201);
    expect(refused).toHaveLength(100 - limit);
    for (const res of refused) expect(res.body).toMatchObject({ status_code: 429, error_code: 'UPLOAD_LIMIT_REACHED' });
    const { n } = await world.server.platform.database.db.selectFrom('tracks').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', dave.me.id).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(limit);
  });
});

describe('one member cannot starve the transcoder', () => {
  let world: TracksWorld;

  beforeAll(async () => {
    world = await startTracksWorld();
  });
  afterAll(async () => {
    await world?.stop();
  });

  it("makes another member's short file ready within 30 s while one member has queued three 2 h 59 min files", async () => {
    const [mallory, bob] = await Promise.all([member(world), member(world)]);
    const longIds: number[] = [];
    for (let i = 0; i < 3; i++) longIds.push(await createFrom(world, mallory, long));
    const short = await createFrom(world, bob, await fixtures.make('mp3', { seconds: 2 }));

    const ready = await outcomeOf(world, bob, short, 30_000);
    expect(ready.status).toBe('ready');
    // Nothing was encoded for them: the free plan's daily audio is less than one of these files.
    for (const id of longIds) {
      expect(await outcomeOf(world, mallory, id)).toMatchObject({ status: 'failed', failure_reason: TRACK_MSG.audioPerDay(TIERS.free.audioMinutesPerDay, 'free') });
    }
  });

  it('fails a track whose expected renditions do not fit the quota before encoding any of it', async () => {
    const carol = await member(world);
    // Ten minutes make about 32 MB of MP3 renditions; leave 10 MB of the quota free.
    const path = await fixtures.silentFlac(600);
    const upload = await putUpload(world, carol, path);
    const chunk = upload.bytes.subarray(0, 4096);
    for (let left = 1024 * MB - upload.bytes.length - 10 * MB; left > 0; left -= 200 * MB) {
      const res = await preflight(world, carol, { filename: 'later.flac', filesize: Math.min(left, 200 * MB), filetype: 'audio/flac', chunk });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const storage = world.server.platform.storage;
    const written: string[] = [];
    const put = storage.put.bind(storage);
    storage.put = async (key, ...rest) => {
      written.push(key);
      return put(key, ...rest);
    };
    try {
      const created = await createTrack(world, carol, upload);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.track.id as number;
      const track = await outcomeOf(world, carol, id);
      expect(track.status).toBe('failed');
      expect(track.failure_reason).toMatch(/^Storage quota exceeded: this track's playable versions need 32\.\d MB and 10\.0 MB of your 1024 MB are free$/);
      expect(written.filter((key) => key.startsWith(`tracks/${id}/`))).toEqual([]);
    } finally {
      storage.put = put;
    }
  });
});

describe('two transcode slots and a member whose plan allows long files', () => {
  let world: TracksWorld;

  beforeAll(async () => {
    world = await startTracksWorld({ env: { TRANSCODER_CONCURRENCY: '2' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it("keeps a slot for other members while one member's three 2 h 59 min files encode one at a time", async () => {
    const [mallory, bob] = await Promise.all([member(world), member(world)]);
    await factories(world).setTier(mallory, 'premium');
    const longIds: number[] = [];
    for (let i = 0; i < 3; i++) longIds.push(await createFrom(world, mallory, long));
    // The first long file is being encoded before the short one is even uploaded.
    await waitFor(async () => (await getTrack(world, mallory, longIds[0]!)).body.data.track.progress > 0, 30_000, 100);
    const short = await createFrom(world, bob, await fixtures.make('mp3', { seconds: 2 }));

    expect((await outcomeOf(world, bob, short, 30_000)).status).toBe('ready');
    const still = await Promise.all(longIds.map(async (id) => (await getTrack(world, mallory, id)).body.data.track.status));
    expect(still).toEqual(['processing', 'processing', 'processing']);
  });
});
