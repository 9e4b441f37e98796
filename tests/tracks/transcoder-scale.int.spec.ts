import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { servicesEnv, waitFor } from '../support/services';
import { createTrack, member, putUpload, startTracksWorld, type TracksWorld } from './helpers';

const TRANSCODER = join(__dirname, '../../apps/transcoder/dist/main.js');
const UPLOADS = 20;

/** Three transcoder processes sharing the queue, one killed mid-job (services mode, as operators scale it). */
describe('transcoders scaled out', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let tmp: string;
  const transcoders: ChildProcess[] = [];

  const startTranscoder = () => {
    const child = spawn(process.execPath, [TRANSCODER], {
      // One temp root for all three, as on one host: survivors clear what a killed one leaves.
      env: servicesEnv(world.server.services!.db, world.server.services!.stream, { DATA_DIR: world.dataDir, TMPDIR: tmp, TRANSCODE_ACK_WAIT_SECONDS: '3' }),
      stdio: 'ignore',
    });
    transcoders.push(child);
    return child;
  };

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld({ roles: ['api', 'projector'] }), createAudioFixtures()]);
    tmp = mkdtempSync(join(tmpdir(), 'stardeck-transcoders-'));
  });
  afterAll(async () => {
    for (const child of transcoders) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    await world?.stop();
    await fixtures?.remove();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('transcodes each of 20 uploads exactly once, finishes the killed one elsewhere, and leaves no files behind', async () => {
    const [doomed] = [startTranscoder(), startTranscoder(), startTranscoder()];
    // The queue holds one job per member at a time: five members keep all three processes busy.
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await member(world));
    // Lossless 20 s sources: long enough that a job is caught in the middle.
    const source = await fixtures.make('wav', { seconds: 20 });
    const ids: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const uploader = members[i % members.length]!;
      const res = await createTrack(world, uploader, await putUpload(world, uploader, source, { filename: `take-${i}.wav` }), { visibility: 'public' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.track.id as number);
    }

    const jobRoot = join(tmp, 'stardeck-transcode');
    const ownDirectory = () => (existsSync(jobRoot) ? readdirSync(jobRoot).find((name) => name.startsWith(`job-${doomed!.pid}-`)) : undefined);
    await waitFor(async () => ownDirectory() !== undefined, 60_000, 10);
    doomed!.kill('SIGKILL');

    const db = world.server.platform.database.db;
    await waitFor(async () => {
      const row = await db.selectFrom('tracks').select(sql<number>`count(*)::int`.as('n')).where('id', 'in', ids).where('status', '=', 'ready').executeTakeFirstOrThrow();
      return row.n === UPLOADS;
    }, 120_000, 250);

    const outcomes = await db.selectFrom('events').select(['stream_id', sql<number>`count(*)::int`.as('n')])
      .where('type', 'in', ['TrackTranscoded', 'TrackTranscodeFailed']).groupBy('stream_id').execute();
    expect(outcomes).toHaveLength(UPLOADS);
    for (const outcome of outcomes) expect(outcome.n, outcome.stream_id).toBe(1);

    // As a supervisor would, start a replacement: it clears the dead process's leftovers at start.
    startTranscoder();
    await waitFor(async () => ownDirectory() === undefined, 20_000, 100);
    expect(readdirSync(jobRoot)).toEqual([]);
    // 20 lossless sources through three processes: minutes of CPU on a busy two-core machine.
  }, 240_000);
});
