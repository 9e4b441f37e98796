import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMAS, EventStore, JetStreamBus, PostgresLockManager, Relay, connectPostgres, createLogger, cursorOf,
  migrateToLatest, type Db,
} from '@stardeck/infra';
import { statsProjection } from '@stardeck/domain';
import { OWNER_ID, ProjectionAdmin, ProjectionRunner, type RunnerOptions } from '@stardeck/projector';
import { TEST_NATS_URL, createTestDatabase, createTestStream, waitFor } from '../support/services';
import { appendStatsEvents, countersFromLog, statsCounters, wholeLog } from '../support/stats-events';

const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
/** Long enough that only the bus (or a detected hole) can explain an event being applied in time. */
const NO_SILENCE_FALLBACK: RunnerOptions = { silenceMs: 120_000, standbyRetryMs: 100 };

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
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
  const newBus = () => {
    const bus = new JetStreamBus({ url: TEST_NATS_URL, stream: stream.stream, subjectPrefix: stream.subjectPrefix, logger });
    cleanups.push(() => bus.close());
    return bus;
  };
  const bus = newBus();
  const locks = new PostgresLockManager(testDb.url);
  const startRelay = () => {
    const relay = new Relay(store, newBus(), locks, logger, { pollMs: 50 });
    cleanups.push(() => relay.stop());
    relay.start();
    return relay;
  };
  const startRunner = (options: RunnerOptions) => {
    const runner = new ProjectionRunner(statsProjection, store, bus, locks, logger, { batchSize: 100, ...options });
    cleanups.push(() => runner.stop());
    runner.start();
    return runner;
  };
  const admin = new ProjectionAdmin([statsProjection], store, bus, locks, logger);
  const statsStatus = async () => (await admin.status()).find((s) => s.name === 'stats')!;
  const caughtUp = async () => {
    const status = await statsStatus();
    return status.status === 'live' && status.lag === 0 && status.checkpoint > 0;
  };
  return { testDb, store, db: database.db, bus, admin, statsStatus, caughtUp, startRelay, startRunner };
}

describe('projection runner', () => {
  it('reports a projection no runner has started as at the start of the log, without writing anything', async () => {
    const { store, db, statsStatus } = await setup();
    await appendStatsEvents(store, 3);
    expect(await statsStatus()).toMatchObject({ status: 'live', checkpoint: 0, lag: 3, owner: null });
    expect(await db.selectFrom('projection_checkpoints').selectAll().execute()).toEqual([]);
  });

  it('catches up from the log', async () => {
    const { store, db, startRunner, caughtUp } = await setup();
    await appendStatsEvents(store, 300, 3);
    const runner = startRunner({ silenceMs: 300 });
    await waitFor(caughtUp);
    expect(await statsCounters(db)).toEqual(await countersFromLog(store));
    expect(runner.isActive).toBe(true);
  });

  it('moves past events it does not handle without a write for each, and stores where it stands soon after', async () => {
    const { store, db, startRelay, startRunner, caughtUp } = await setup();
    startRelay();
    startRunner(NO_SILENCE_FALLBACK);
    await waitFor(async () => (await ownerOf(db)) === OWNER_ID);
    await recordCheckpointWrites(db);
    // Each in a transaction of its own, so each reaches the runner as a live event.
    for (let i = 0; i < 60; i++) await store.append(`saved-${i}`, 0, [{ type: 'TrackSaved', data: { i } }], { actor: 'system' });
    await waitFor(caughtUp);
    expect(await checkpointWrites(db)).toBeLessThan(10);
    expect(await statsCounters(db)).toEqual({});
  });

  it('stores where it stands while events it does not handle keep coming, not only once they stop', async () => {
    const { store, db, startRelay, startRunner } = await setup();
    startRelay();
    startRunner(NO_SILENCE_FALLBACK);
    await waitFor(async () => (await ownerOf(db)) === OWNER_ID);
    await recordCheckpointWrites(db);
    // One every 50 ms for 1.5 s: the runner is never idle for its 250 ms.
    for (let i = 0; i < 30; i++) {
      await store.append(`steady-${i}`, 0, [{ type: 'TrackSaved', data: { i } }], { actor: 'system' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const written = await checkpointWrites(db);
    expect(written).toBeGreaterThanOrEqual(2);
    expect(written).toBeLessThan(15);
  });

  it('follows live events from JetStream', async () => {
    const { store, db, startRelay, startRunner, caughtUp } = await setup();
    startRelay();
    startRunner(NO_SILENCE_FALLBACK);
    await waitFor(async () => (await ownerOf(db)) === OWNER_ID);
    await appendStatsEvents(store, 200);
    await waitFor(async () => (await caughtUp()) && isDeepStrictEqual(await statsCounters(db), await countersFromLog(store)));
    expect(await statsCounters(db)).toEqual(await countersFromLog(store));
  });

  it('fills a hole from the log when a live event does not follow the last one applied', async () => {
    const { store, db, bus, startRelay, startRunner, caughtUp } = await setup();
    const relay = startRelay();
    startRunner(NO_SILENCE_FALLBACK);
    await appendStatsEvents(store, 70);
    await waitFor(caughtUp);
    await relay.stop();

    // The bus "loses" every event but the latest; each arrives carrying its true predecessor.
    let prev = null as ReturnType<typeof cursorOf> | null;
    let n = 0;
    const appendOne = async () => {
      const { events } = await store.append(`invite-hole${n++}`, 0, [{ type: 'InviteCreated', data: { n } }], { actor: 'system' });
      return events[0]!;
    };
    for (let i = 0; i < 6; i++) prev = cursorOf(await appendOne());
    await waitFor(async () => {
      const arriving = await appendOne();
      await bus.publish([{ event: arriving, prev: prev! }]);
      prev = cursorOf(arriving);
      return caughtUp();
    });
    expect(await statsCounters(db)).toEqual(await countersFromLog(store));
  });

  it('reads the log after a silence when the bus lost the last message', async () => {
    const { store, db, startRunner, caughtUp } = await setup();
    startRunner({ silenceMs: 300, standbyRetryMs: 100 });
    await waitFor(async () => (await ownerOf(db)) === OWNER_ID);
    // No relay at all: nothing ever arrives on the bus.
    await appendStatsEvents(store, 40);
    await waitFor(caughtUp);
    expect(await statsCounters(db)).toEqual(await countersFromLog(store));
  });

  it('rebuilds to the same read model as the live one', async () => {
    const { store, db, admin, startRelay, startRunner, caughtUp } = await setup();
    startRelay();
    const runner = startRunner(NO_SILENCE_FALLBACK);
    await appendStatsEvents(store, 400, 2);
    await waitFor(async () => (await caughtUp()) && isDeepStrictEqual(await statsCounters(db), await countersFromLog(store)));
    const live = await statsCounters(db);
    await runner.stop();

    const progress: number[] = [];
    expect(await admin.rebuild('stats', (done) => progress.push(done))).toEqual({ ran: 'here' });
    expect(await statsCounters(db)).toEqual(live);
    // A rebuild reads the events its projection handles, and ends having read all of them.
    expect(progress.at(-1)).toBe(await store.countCommitted(db, statsProjection.handles));
  });

  it('reports checkpoint, lag and owner', async () => {
    const { store, statsStatus, startRelay, startRunner, caughtUp } = await setup();
    startRelay();
    const runner = startRunner(NO_SILENCE_FALLBACK);
    await appendStatsEvents(store, 30);
    await waitFor(caughtUp);
    const log = await wholeLog(store);
    expect(await statsStatus()).toMatchObject({
      status: 'live', checkpoint: log.at(-1)!.global_position, head: Math.max(...log.map((e) => e.global_position)), lag: 0, owner: OWNER_ID,
    });

    await runner.stop();
    await appendStatsEvents(store, 12);
    expect(await statsStatus()).toMatchObject({ status: 'live', checkpoint: log.at(-1)!.global_position, lag: 12, owner: null });
  });

  it('has the owner carry out a rebuild requested elsewhere: rebuild_requested → rebuilding → live', async () => {
    const { store, db, admin, startRelay, startRunner, caughtUp } = await setup();
    await recordStatusChanges(db);
    startRelay();
    startRunner({ silenceMs: 300, standbyRetryMs: 100 });
    await appendStatsEvents(store, 300, 3);
    await waitFor(caughtUp);

    expect(await admin.rebuild('stats')).toEqual({ ran: 'owner' });
    await admin.waitUntilLive('stats', undefined, 50);
    expect(await statusChanges(db)).toEqual(['rebuild_requested', 'rebuilding', 'live']);
    await waitFor(caughtUp);
    expect(await statsCounters(db)).toEqual(await countersFromLog(store));
  });

  it('keeps a rebuild request when ownership changes hands before the owner saw it', async () => {
    const { store, db, admin, startRelay, startRunner, caughtUp } = await setup();
    await recordStatusChanges(db);
    startRelay();
    const first = startRunner(NO_SILENCE_FALLBACK);
    await appendStatsEvents(store, 50);
    await waitFor(caughtUp);

    expect(await admin.rebuild('stats')).toEqual({ ran: 'owner' });
    await first.stop();
    startRunner({ silenceMs: 300, standbyRetryMs: 100 });
    await admin.waitUntilLive('stats', undefined, 50);
    expect(await statusChanges(db)).toEqual(['rebuild_requested', 'rebuilding', 'live']);
    await waitFor(caughtUp);
    expect(await statsCounters(db)).toEqual(await countersFromLog(store));
  });
});

async function ownerOf(db: Db): Promise<string | null | undefined> {
  return (await db.selectFrom('projection_checkpoints').select('owner').where('name', '=', 'stats').executeTakeFirst())?.owner;
}

/** Every status transition of a checkpoint, in order, recorded by the database itself. */
async function recordStatusChanges(db: Db): Promise<void> {
  await sql`CREATE TABLE status_changes (n serial PRIMARY KEY, status text NOT NULL)`.execute(db);
  await sql`CREATE FUNCTION record_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO status_changes (status) VALUES (NEW.status); RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER checkpoint_status AFTER UPDATE ON projection_checkpoints
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION record_status()`.execute(db);
}

/** Counts the moves of the stats checkpoint from now on, as the database sees them. */
async function recordCheckpointWrites(db: Db): Promise<void> {
  await sql`CREATE TABLE checkpoint_writes (n serial PRIMARY KEY)`.execute(db);
  await sql`CREATE FUNCTION record_checkpoint_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO checkpoint_writes DEFAULT VALUES; RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER checkpoint_write AFTER UPDATE ON projection_checkpoints
    FOR EACH ROW WHEN (OLD.last_position IS DISTINCT FROM NEW.last_position) EXECUTE FUNCTION record_checkpoint_write()`.execute(db);
}

async function checkpointWrites(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM checkpoint_writes`.execute(db);
  return Number(rows[0]!.n);
}

async function statusChanges(db: Db): Promise<string[]> {
  const { rows } = await sql<{ status: string }>`SELECT status FROM status_changes ORDER BY n`.execute(db);
  return rows.map((r) => r.status);
}
