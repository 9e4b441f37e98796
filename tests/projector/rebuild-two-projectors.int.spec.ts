import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { ASYNC_PROJECTIONS, generateSyntheticHistory } from '@stardeck/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../auth/helpers';
import { PROJECTOR_MAIN, sigkill } from '../support/processes';
import { projectionRow, rebuildWhileReading } from '../support/rebuild-reads';
import { servicesEnv, waitFor } from '../support/services';
import { startTracksWorld, type TracksWorld } from '../tracks/helpers';

const SEED = 20_261_129;

interface Projector {
  child: ChildProcess;
  owner: string;
  /** Its log, one JSON object a line. */
  lines: Record<string, unknown>[];
}

/**
 * Services with two projector processes: the API process serves and takes the rebuild request;
 * whichever projector owns the projection rebuilds it, and the standby must not start a second
 * rebuild beside it. Readers meanwhile never see a partial list.
 */
describe(`rebuilds with two projector processes (history seed ${SEED})`, () => {
  let world: TracksWorld;
  const projectors: Projector[] = [];

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api'] });
    const { db, stream } = world.server.services!;
    const env = servicesEnv(db, stream, { LOG_LEVEL: 'info', PROJECTION_REBUILD_BATCH: '2', PROJECTIONS: 'tag_usage,track_plays,stats' });
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, [PROJECTOR_MAIN], { env, stdio: ['ignore', 'pipe', 'ignore'] });
      const projector: Projector = { child, owner: `${hostname()}:${child.pid}`, lines: [] };
      let rest = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString();
        const lines = text.split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          try {
            projector.lines.push(JSON.parse(line) as Record<string, unknown>);
          } catch {
            // Not a log line.
          }
        }
      });
      projectors.push(projector);
    }
    await generateSyntheticHistory(world.server.platform.store, {
      seed: SEED, members: 12, events: 1000, passwordHash: 'not-for-signing-in', label: 'twoprojectors',
    });
    await waitFor(async () => {
      for (const name of ['tag_usage', 'track_plays']) {
        const row = await projectionRow(world.url, world.admin, name);
        if (row.status !== 'live' || row.lag !== 0) return false;
      }
      return true;
    }, 60_000, 200);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(projectors.map((p) => sigkill(p.child)));
    await world?.stop();
  });

  const logged = (message: string, projection: string) =>
    projectors.map((p) => p.lines.filter((line) => line.msg === message && line.projection === projection).length);

  it.each(['tag_usage', 'track_plays'])('%s: the owner rebuilds once, the standby never starts a rebuild', async (name) => {
    expect(ASYNC_PROJECTIONS.some((p) => p.name === name)).toBe(true);
    const owner = (await projectionRow(world.url, world.admin, name) as unknown as { owner: string }).owner;
    expect(projectors.map((p) => p.owner)).toContain(owner);
    await rebuildWhileReading(world.url, world.admin, name);
    // Both processes stay up, and between them exactly one rebuild ran: the owner's.
    expect(projectors.every((p) => p.child.exitCode === null)).toBe(true);
    await waitFor(async () => logged('projection rebuild finished', name).reduce((a, b) => a + b, 0) >= 1);
    const started = logged('projection rebuild started', name);
    expect(started.reduce((a, b) => a + b, 0)).toBe(1);
    expect(started[projectors.findIndex((p) => p.owner === owner)]).toBe(1);
    expect(logged('projection rebuild finished', name).reduce((a, b) => a + b, 0)).toBe(1);

    // A second request while one is asked for or runs is refused, not started beside it.
    await request(world.url).post(`/v1/admin/projections/${name}/rebuild`).set(bearer(world.admin)).send({}).expect(202);
    await request(world.url).post(`/v1/admin/projections/${name}/rebuild`).set(bearer(world.admin)).send({}).expect(409);
    await waitFor(async () => {
      const row = await projectionRow(world.url, world.admin, name);
      return row.status === 'live' && row.lag === 0;
    }, 120_000, 100);
    // Its log line may still be on its way through the pipe.
    await waitFor(async () => logged('projection rebuild finished', name).reduce((a, b) => a + b, 0) === 2);
    expect(logged('projection rebuild started', name).reduce((a, b) => a + b, 0)).toBe(2);
  }, 180_000);
});
