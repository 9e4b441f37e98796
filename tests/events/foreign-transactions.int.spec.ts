import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMAS, EventStore, JetStreamBus, LOG_START, PostgresLockManager, Relay, connectPostgres, createLogger, cursorOf,
  migrateToLatest, type LogCursor,
} from '@stardeck/infra';
import { statsProjection } from '@stardeck/domain';
import { ProjectionAdmin, ProjectionRunner } from '@stardeck/projector';
import { streamMessageCount } from '../support/jetstream';
import { appendStatsEvents, countersFromLog, statsCounters, wholeLog } from '../support/stats-events';
import { TEST_NATS_URL, createTestDatabase, createTestStream, waitFor } from '../support/services';

/**
 * Readers of the log wait for transactions that can still append events, and for no other: a
 * transaction left open in another database on the same server (another application's idle
 * session, a maintenance script) must not stop the relay or the projections.
 */
const logger = createLogger('silent');

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups = [];
});

async function setup() {
  const testDb = await createTestDatabase();
  const database = connectPostgres(testDb.url, { max: 10 });
  cleanups.push(() => testDb.drop(), () => database.close());
  await migrateToLatest(database.db);
  return { testDb, db: database.db, store: new EventStore(database.db, EVENT_SCHEMAS) };
}

/** A transaction with an id, open in another database of the same server until the test ends. */
async function holdTransactionInAnotherDatabase(): Promise<string> {
  const other = await createTestDatabase({ empty: true });
  const client = new pg.Client({ connectionString: other.url });
  await client.connect();
  cleanups.push(() => other.drop(), () => client.end());
  await client.query('BEGIN');
  const { rows } = await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
  return rows[0]!.xid;
}

async function readAll(store: EventStore, from: LogCursor = LOG_START) {
  return store.readAfter(from, 10_000);
}

describe('readers of the log and transactions elsewhere on the server', () => {
  it('reads an event as soon as it commits while a transaction in another database stays open', async () => {
    const { store } = await setup();
    const foreignXid = await holdTransactionInAnotherDatabase();
    const { events: [appended] } = await store.append('account-1', 0, [{ type: 'AccountRegistered', data: { n: 1 } }], { actor: 'system' });
    // The foreign transaction is older than the append, so a cluster-wide bound would hide it.
    expect(BigInt(foreignXid)).toBeLessThan(BigInt(appended!.transaction_id));

    const read = await readAll(store);
    expect(read.map((e) => e.event_id)).toEqual([appended!.event_id]);
  });

  it('still holds back events behind an appender in flight here, and returns them in order once it commits', async () => {
    const { store } = await setup();
    await holdTransactionInAnotherDatabase();
    let appended!: () => void;
    const inFlight = new Promise<void>((resolve) => (appended = resolve));
    let commit!: () => void;
    const released = new Promise<void>((resolve) => (commit = resolve));
    const late = store.transaction(async (tx) => {
      const result = await store.appendIn(tx, 'account-late', 0, [{ type: 'AccountRegistered', data: { late: true } }], { actor: 'system' });
      appended();
      await released;
      return result;
    });
    await inFlight;
    const { events: [early] } = await store.append('account-early', 0, [{ type: 'AccountRegistered', data: { late: false } }], { actor: 'system' });

    // The late transaction has the lower id: nothing after it may be read while it is open.
    expect(await readAll(store)).toEqual([]);
    commit();
    const { events: [lateEvent] } = await late;
    const read = await readAll(store);
    expect(read.map((e) => e.event_id)).toEqual([lateEvent!.event_id, early!.event_id]);
    expect(await readAll(store, cursorOf(read[1]!))).toEqual([]);
  });

  it('keeps the relay publishing and a projection applying while a transaction in another database stays open', async () => {
    const { testDb, db, store } = await setup();
    await holdTransactionInAnotherDatabase();
    const stream = createTestStream();
    cleanups.push(() => stream.drop());
    const newBus = () => {
      const bus = new JetStreamBus({ url: TEST_NATS_URL, stream: stream.stream, subjectPrefix: stream.subjectPrefix, logger });
      cleanups.push(() => bus.close());
      return bus;
    };
    const locks = new PostgresLockManager(testDb.url);
    const relay = new Relay(store, newBus(), locks, logger, { pollMs: 50 });
    cleanups.push(() => relay.stop());
    relay.start();
    const bus = newBus();
    const runner = new ProjectionRunner(statsProjection, store, bus, locks, logger, { batchSize: 100, silenceMs: 300 });
    cleanups.push(() => runner.stop());
    runner.start();
    const admin = new ProjectionAdmin([statsProjection], store, bus, locks, logger);

    await appendStatsEvents(store, 60, 3);
    const log = await wholeLog(store);
    expect(log).toHaveLength(60);
    await waitFor(async () => (await streamMessageCount(TEST_NATS_URL, stream.stream)) >= log.length);
    await waitFor(async () => {
      const status = (await admin.status()).find((s) => s.name === 'stats')!;
      return status.lag === 0 && status.checkpoint > 0;
    });
    expect(await statsCounters(db)).toEqual(await countersFromLog(store));
  });
});
