import { afterEach, expect } from 'vitest';
import {
  EVENT_SCHEMAS, EventStore, JetStreamBus, PostgresLockManager, Relay, connectPostgres, createLogger, cursorOf,
  migrateToLatest, type EventBus, type RelayOptions,
} from '@stardeck/infra';
import { readWholeStream, streamMessageCount } from './jetstream';
import { wholeLog } from './stats-events';
import { TEST_NATS_URL, createTestDatabase, createTestStream, waitFor } from './services';

const logger = createLogger('silent');
const KINDS = [
  { category: 'account', type: 'AccountRegistered' },
  { category: 'invite', type: 'InviteCreated' },
  { category: 'access', type: 'AccessRequested' },
] as const;

/**
 * Relay suites: a fresh database and JetStream stream per test, relays made on them, all torn
 * down after the test. Call once at the top of a suite file.
 */
export function useRelayWorld() {
  let cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups = [];
  });
  const onCleanup = (cleanup: () => Promise<unknown>) => void cleanups.push(cleanup);

  async function setup(natsUrl = TEST_NATS_URL) {
    const testDb = await createTestDatabase();
    const stream = createTestStream();
    const database = connectPostgres(testDb.url, { max: 20 });
    cleanups.push(() => testDb.drop(), () => database.close());
    if (natsUrl === TEST_NATS_URL) cleanups.push(() => stream.drop());
    await migrateToLatest(database.db);
    const store = new EventStore(database.db, EVENT_SCHEMAS);
    const newBus = () => {
      const bus = new JetStreamBus({ url: natsUrl, stream: stream.stream, subjectPrefix: stream.subjectPrefix, logger });
      cleanups.push(() => bus.close());
      return bus;
    };
    /** A relay on a bus of its own (or the one given, e.g. a wrapper around a real bus). */
    const newRelay = (options: RelayOptions = {}, bus: EventBus = newBus()) => {
      const relay = new Relay(store, bus, new PostgresLockManager(testDb.url), logger, { pollMs: 50, maxBackoffMs: 500, ...options });
      cleanups.push(() => relay.stop());
      return relay;
    };
    return { store, stream, newBus, newRelay };
  }

  return { setup, onCleanup };
}

let counter = 0;
/** Appends `count` events of mixed types, `perTransaction` per stream and transaction. */
export async function appendMixed(store: EventStore, count: number, perTransaction = 1): Promise<void> {
  for (let done = 0; done < count; done += perTransaction) {
    const kind = KINDS[counter % KINDS.length]!;
    const n = Math.min(perTransaction, count - done);
    await store.append(`${kind.category}-${++counter}`, 0, Array.from({ length: n }, (_, i) => ({ type: kind.type, data: { i } })), { actor: 'system' });
  }
}

/** The stream holds exactly the log, in log order, each message carrying its predecessor's position. */
export async function expectStreamEqualsLog(natsUrl: string, stream: { stream: string; subjectPrefix: string }, store: EventStore) {
  const log = await wholeLog(store);
  await waitFor(async () => (await streamMessageCount(natsUrl, stream.stream)) >= log.length, 30_000);
  const messages = await readWholeStream(natsUrl, stream.stream);
  expect(messages.map((m) => m.event.event_id)).toEqual(log.map((e) => e.event_id));
  messages.forEach((message, i) => {
    const event = log[i]!;
    expect(message.msgId).toBe(event.event_id);
    expect(message.subject).toBe(`${stream.subjectPrefix}.${event.stream_id.split('-')[0]}.${event.type}`);
    expect(message.prev).toEqual(i === 0 ? { position: 0, xid: '0' } : cursorOf(log[i - 1]!));
    expect(message.event.global_position).toBe(event.global_position);
  });
  return log;
}
