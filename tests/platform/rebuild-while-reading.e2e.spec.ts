import { createLogger } from '@stardeck/infra';
import { ASYNC_PROJECTIONS, generateSyntheticHistory } from '@stardeck/domain';
import { ProjectionAdmin } from '@stardeck/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCaughtUp } from '../support/read-models';
import { rebuildWhileReading } from '../support/rebuild-reads';
import { waitFor } from '../support/services';
import { startTracksWorld, type TracksWorld } from '../tracks/helpers';

const SEED = 20_261_128;

/**
 * Rebuilds keep the site up: while an admin rebuilds a read model, a visitor keeps reading the
 * lists it feeds and never sees a partial one. Small rebuild batches make each rebuild many
 * transactions long, so the reads interleave with them.
 */
describe(`rebuilding a read model while its lists are read (history seed ${SEED})`, () => {
  let world: TracksWorld;

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'], env: { PROJECTION_REBUILD_BATCH: '2' } });
    await generateSyntheticHistory(world.server.platform.store, {
      seed: SEED, members: 12, events: 1000, passwordHash: 'not-for-signing-in', label: 'reads',
    });
    const { store, bus, locks } = world.server.platform;
    const admin = new ProjectionAdmin(ASYNC_PROJECTIONS, store, bus, locks, createLogger('silent'));
    await waitFor(() => allCaughtUp(admin), 60_000, 200);
  }, 300_000);
  afterAll(async () => {
    await world?.stop();
  });

  it.each(['tracks', 'tag_usage', 'track_plays'])('%s: every read during the rebuild equals the read before it', async (name) => {
    const { readsDuring } = await rebuildWhileReading(world.url, world.admin, name);
    expect(readsDuring).toBeGreaterThan(1);
  }, 180_000);
});
