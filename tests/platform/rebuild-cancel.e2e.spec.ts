import { generateSyntheticHistory, trackPlaysProjection, tagUsageProjection, tracksProjection, type Projection } from '@stardeck/domain';
import { createLogger, type Db } from '@stardeck/infra';
import { ProjectionAdmin, ProjectorRuntime, RebuildNotFinished } from '@stardeck/projector';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../auth/helpers';
import { rowsOf } from '../support/read-models';
import { projectionRow } from '../support/rebuild-reads';
import { waitFor } from '../support/services';
import { startTracksWorld, type TracksWorld } from '../tracks/helpers';

const SEED = 20_261_130;
const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The projection as it is, but each rebuild batch takes a while: long enough to cancel it midway. */
function slowed(projection: Projection): Projection {
  return {
    ...projection,
    applyMany: async (events, tx) => {
      await sleep(50);
      for (const event of events) if (projection.handles.includes(event.type)) await projection.apply(event, tx);
    },
  };
}

/** The projection as it is, but its rebuild fails at the third batch; `failedAt` holds the position of that batch's first event. */
function failing(projection: Projection, failedAt: { position: number | null }): Projection {
  let batches = 0;
  return {
    ...projection,
    applyMany: async (events, tx) => {
      batches += 1;
      if (batches === 3) {
        failedAt.position = events[0]!.global_position;
        throw new Error('this read model cannot be rebuilt');
      }
      for (const event of events) if (projection.handles.includes(event.type)) await projection.apply(event, tx);
    },
  };
}

async function shadowSchemas(db: Db): Promise<string[]> {
  const { rows } = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like 'rebuild\\_%'`.execute(db);
  return rows.map((r) => r.nspname);
}

/**
 * A rebuild that fails or is cancelled leaves the live read model exactly as it was. Each live
 * model is first made to differ from the log on purpose (one row changed by hand, as drift would),
 * so "untouched" is seen, not inferred from an equal rebuild; a rebuild that runs to its end puts
 * the row right.
 */
describe(`a cancelled or failed rebuild leaves the live model untouched (history seed ${SEED})`, () => {
  let world: TracksWorld;
  let db: Db;
  let runtime: ProjectorRuntime;
  const playsFailedAt = { position: null as number | null };

  beforeAll(async () => {
    // No projector role: this test runs the async projections itself, with the slowed and failing rebuilds.
    world = await startTracksWorld({ roles: ['api'] });
    const { store, bus, locks } = world.server.platform;
    db = world.server.platform.database.db;
    runtime = new ProjectorRuntime([slowed(tagUsageProjection), failing(trackPlaysProjection, playsFailedAt)], store, bus, locks, logger, { rebuildBatchSize: 1 });
    runtime.start();
    await generateSyntheticHistory(store, { seed: SEED, members: 10, events: 500, passwordHash: 'not-for-signing-in', label: 'cancel' });
    await waitFor(async () => {
      for (const name of ['tag_usage', 'track_plays']) {
        const row = await projectionRow(world.url, world.admin, name);
        if (row.status !== 'live' || row.lag !== 0) return false;
      }
      return true;
    }, 60_000, 200);
  }, 300_000);
  afterAll(async () => {
    await runtime?.stop();
    await world?.stop();
  });

  const post = (path: string) => request(world.url).post(path).set(bearer(world.admin)).send({});
  const runningWithProgress = (name: string) => waitFor(async () => {
    const row = await projectionRow(world.url, world.admin, name);
    return row.status === 'rebuilding' && row.rebuild && row.rebuild.done > 0 ? row : null;
  }, 60_000, 20);

  it('async (tag_usage): a cancel stops the rebuild and drops its shadow; the live rows are as before', async () => {
    await sql`update tag_usage_tracks set public = not public where track_id = (select min(track_id) from tag_usage_tracks)`.execute(db);
    const drifted = await rowsOf(db, tagUsageProjection);
    await post('/v1/admin/projections/tag_usage/rebuild').expect(202);
    await runningWithProgress('tag_usage');
    const res = await post('/v1/admin/projections/tag_usage/rebuild/cancel').expect(200);
    expect(res.body.msg.title).toBe('Rebuild cancelled');
    const row = await waitFor(async () => {
      const status = await projectionRow(world.url, world.admin, 'tag_usage');
      return status.status === 'live' && (await shadowSchemas(db)).length === 0 ? status : null;
    });
    expect(row.last_error?.message).toMatch(/cancelled/);
    expect(row.rebuild).toBeNull();
    expect(await rowsOf(db, tagUsageProjection)).toEqual(drifted);
    await post('/v1/admin/projections/tag_usage/rebuild/cancel').expect(409);
  }, 120_000);

  it('async (track_plays): a failed rebuild says why and at which event; the live rows are as before', async () => {
    await sql`update track_play_counts set play_count = play_count + 1000 where track_id = (select min(track_id) from track_play_counts)`.execute(db);
    const drifted = await rowsOf(db, trackPlaysProjection);
    await post('/v1/admin/projections/track_plays/rebuild').expect(202);
    const row = await waitFor(async () => {
      const status = await projectionRow(world.url, world.admin, 'track_plays');
      return status.status === 'live' && status.last_error ? status : null;
    }, 60_000, 50);
    expect(row.last_error!.message).toMatch(/this read model cannot be rebuilt/);
    expect(row.last_error!.position).toBe(playsFailedAt.position);
    expect(await shadowSchemas(db)).toEqual([]);
    expect(await rowsOf(db, trackPlaysProjection)).toEqual(drifted);
  }, 120_000);

  it('inline (tracks): a cancelled rebuild and a failed one both leave the live rows as before', async () => {
    await sql`update tracks set title = 'drifted by hand' where id = (select min(id) from tracks)`.execute(db);
    const drifted = await rowsOf(db, tracksProjection);
    const { store, bus, locks } = world.server.platform;

    const slow = new ProjectionAdmin([slowed(tracksProjection)], store, bus, locks, logger, { rebuildBatchSize: 1 });
    // Settled as soon as it ends: the rejection is looked at once the cancel has gone out.
    const cancelled = slow.rebuild('tracks').then(() => 'rebuilt', (error: unknown) => error);
    await runningWithProgress('tracks');
    await post('/v1/admin/projections/tracks/rebuild/cancel').expect(200);
    expect(await cancelled).toBeInstanceOf(RebuildNotFinished);
    expect(await shadowSchemas(db)).toEqual([]);
    expect(await rowsOf(db, tracksProjection)).toEqual(drifted);

    const failedAt = { position: null as number | null };
    const broken = new ProjectionAdmin([failing(tracksProjection, failedAt)], store, bus, locks, logger, { rebuildBatchSize: 1 });
    await expect(broken.rebuild('tracks')).rejects.toThrow(/this read model cannot be rebuilt/);
    const row = await projectionRow(world.url, world.admin, 'tracks');
    expect(row).toMatchObject({ status: 'live', rebuild: null, last_error: { position: failedAt.position } });
    expect(await shadowSchemas(db)).toEqual([]);
    expect(await rowsOf(db, tracksProjection)).toEqual(drifted);
  }, 120_000);

  it('a rebuild that runs to its end puts the drifted rows right', async () => {
    const drifted = await rowsOf(db, tracksProjection);
    const { store, bus, locks } = world.server.platform;
    await new ProjectionAdmin([tracksProjection], store, bus, locks, logger).rebuild('tracks');
    const rebuilt = await rowsOf(db, tracksProjection);
    expect(rebuilt).not.toEqual(drifted);
    expect(JSON.stringify(rebuilt)).not.toContain('drifted by hand');
  }, 120_000);
});
