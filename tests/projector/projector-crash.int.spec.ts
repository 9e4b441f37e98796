import { hostname } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMAS, EventStore, JetStreamBus, PostgresLockManager, Relay, connectPostgres, createLogger, migrateToLatest,
} from '@stardeck/infra';
import { statsProjection } from '@stardeck/domain';
import { ProjectionAdmin } from '@stardeck/projector';
import { PROJECTOR_MAIN, killAll, sigkill, spawnNode } from '../support/processes';
import { TEST_NATS_URL, createTestDatabase, createTestStream, servicesEnv, waitFor } from '../support/services';
import { appendStatsEvents, countersFromLog, statsCounters } from '../support/stats-events';

const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await killAll();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups = [];
});

async function setup() {
  const testDb = await createTestDatabase();
  const stream = createTestStream();
  const database = connectPostgres(testDb.url, { max: 10 });
  cleanups.push(() => testDb.drop(), () => database.close(), () => stream.drop());
  await migrateToLatest(database.db);
  const store = new EventStore(database.db, EVENT_SCHEMAS);
  const bus = new JetStreamBus({ url: TEST_NATS_URL, stream: stream.stream, subjectPrefix: stream.subjectPrefix, logger });
  const locks = new PostgresLockManager(testDb.url);
  const relay = new Relay(store, bus, locks, logger, { pollMs: 50 });
  cleanups.push(() => bus.close(), () => relay.stop());
  relay.start();
  const admin = new ProjectionAdmin([statsProjection], store, bus, locks, logger);
  const env = servicesEnv(testDb, stream, { PROJECTIONS: 'stats' });
  const startProjector = () => spawnNode(PROJECTOR_MAIN, env);
  const stats = async () => (await admin.status()).find((s) => s.name === 'stats')!;
  /** Checkpoint at the head of the log and the counters equal to what the log says. */
  const settled = async () => {
    const status = await stats();
    return status.status === 'live' && status.lag === 0 && isDeepStrictEqual(await statsCounters(database.db), await countersFromLog(store));
  };
  return { store, db: database.db, admin, stats, settled, startProjector };
}

describe('projector processes under SIGKILL', () => {
  it('never loses or doubles an effect when killed at random points', async () => {
    const { store, db, admin, settled, startProjector } = await setup();
    let projector = startProjector();
    let writing = true;
    const load = Promise.all(Array.from({ length: 4 }, () => appendStatsEvents(store, 1000, 4))).finally(() => (writing = false));

    let kills = 0;
    while (writing || kills < 4) {
      await sleep(200 + Math.random() * 800);
      await sigkill(projector);
      kills++;
      projector = startProjector();
    }
    await load;

    await waitFor(settled, 45_000, 200);
    const live = await statsCounters(db);
    expect(Object.values(live).reduce((a, b) => a + b, 0)).toBeGreaterThan(3000);

    expect(await admin.rebuild('stats')).toEqual({ ran: 'owner' });
    await admin.waitUntilLive('stats', undefined, 100);
    await waitFor(settled, 30_000, 200);
    expect(await statsCounters(db)).toEqual(live);
  });

  it('lets exactly one of two processes apply a projection and the other take over when it dies', async () => {
    const { store, db, stats, settled, startProjector } = await setup();
    const first = startProjector();
    const second = startProjector();
    const owners = new Map([[`${hostname()}:${first.pid}`, first], [`${hostname()}:${second.pid}`, second]]);

    await appendStatsEvents(store, 800, 4);
    await waitFor(settled, 30_000, 200);
    const owner = (await stats()).owner!;
    expect(owners.has(owner)).toBe(true);

    const more = appendStatsEvents(store, 800, 2);
    await sleep(300);
    await sigkill(owners.get(owner)!);
    await more;

    await waitFor(async () => (await settled()) && (await stats()).owner !== owner, 30_000, 200);
    const survivor = [...owners.keys()].find((o) => o !== owner);
    expect((await stats()).owner).toBe(survivor);
    expect(await statsCounters(db)).toEqual(await countersFromLog(store));
  });
});
