import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMAS, EventStore, JetStreamBus, PostgresLockManager, Relay, connectPostgres, createLogger, cursorOf,
  migrateToLatest,
} from '@stardeck/infra';
import { readWholeStream, streamMessageCount } from '../support/jetstream';
import { wholeLog } from '../support/stats-events';
import { startOwnNatsServer } from '../support/nats-server';
import { TEST_NATS_URL, createTestDatabase, createTestStream, waitFor } from '../support/services';

const logger = createLogger('silent');
const KINDS = [
  { category: 'account', type: 'AccountRegistered' },
  { category: 'invite', type: 'InviteCreated' },
  { category: 'access', type: 'AccessRequested' },
] as const;

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups = [];
});

/** A fresh database and JetStream stream for one test, torn down after it. */
async function setup(natsUrl = TEST_NATS_URL) {
  const testDb = await createTestDatabase();
  const stream = createTestStream();
  const database = connectPostgres(testDb.url, { max: 20 });
  cleanups.push(() => testDb.drop(), () => database.close());
  if (natsUrl === TEST_NATS_URL) cleanups.push(() => stream.drop());
  await migrateToLatest(database.db);
  const store = new EventStore(database.db, EVENT_SCHEMAS);
  const newRelay = () => {
    const bus = new JetStreamBus({ url: natsUrl, stream: stream.stream, subjectPrefix: stream.subjectPrefix, logger });
    const relay = new Relay(store, bus, new PostgresLockManager(testDb.url), logger, { pollMs: 50, maxBackoffMs: 500 });
    cleanups.push(() => bus.close(), () => relay.stop());
    return relay;
  };
  return { store, stream, newRelay };
}

let counter = 0;
/** Appends `count` events of mixed types, `perTransaction` per stream and transaction. */
async function appendMixed(store: EventStore, count: number, perTransaction = 1): Promise<void> {
  for (let done = 0; done < count; done += perTransaction) {
    const kind = KINDS[counter % KINDS.length]!;
    const n = Math.min(perTransaction, count - done);
    await store.append(`${kind.category}-${++counter}`, 0, Array.from({ length: n }, (_, i) => ({ type: kind.type, data: { i } })), { actor: 'system' });
  }
}

/** The stream holds exactly the log, in log order, each message carrying its predecessor's position. */
async function expectStreamEqualsLog(natsUrl: string, stream: { stream: string; subjectPrefix: string }, store: EventStore) {
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

describe('relay', () => {
  it('publishes every committed event once, in order, with its id, subject and predecessor', async () => {
    const { store, stream, newRelay } = await setup();
    await appendMixed(store, 120);
    const relay = newRelay();
    relay.start();
    await Promise.all([appendMixed(store, 150, 3), appendMixed(store, 90)]);
    const log = await expectStreamEqualsLog(TEST_NATS_URL, stream, store);
    expect(log).toHaveLength(360);
  });

  it('runs one active relay at a time; a standby takes over when the leader stops, without duplicates or gaps', async () => {
    const { store, stream, newRelay } = await setup();
    const first = newRelay();
    const second = newRelay();
    first.start();
    await waitFor(async () => first.isLeader);
    second.start();
    await appendMixed(store, 100, 2);
    await waitFor(async () => (await streamMessageCount(TEST_NATS_URL, stream.stream)) === 100);
    expect([first.isLeader, second.isLeader]).toEqual([true, false]);

    const moreWhileFailingOver = appendMixed(store, 200);
    await first.stop();
    await waitFor(async () => second.isLeader);
    await moreWhileFailingOver;
    await appendMixed(store, 50, 5);

    const log = await expectStreamEqualsLog(TEST_NATS_URL, stream, store);
    expect(log).toHaveLength(350);
  });

  it('keeps accepting appends while NATS is down and publishes everything exactly once after it returns', async () => {
    const nats = await startOwnNatsServer();
    cleanups.push(() => nats.dispose());
    const { store, stream, newRelay } = await setup(nats.url);
    const relay = newRelay();
    relay.start();

    const total = 2000;
    let appended = 0;
    let appendedWhileDown = 0;
    let natsDown = false;
    let killed: Promise<void> | null = null;
    const appender = async () => {
      while (appended < total) {
        appended++;
        await appendMixed(store, 1);
        if (natsDown) appendedWhileDown++;
        if (appended >= total / 3 && !killed) killed = nats.kill().then(() => void (natsDown = true));
      }
    };
    await Promise.all(Array.from({ length: 10 }, appender));
    await killed;

    // Every append committed while the broker was gone: the write path never waits for NATS.
    expect(appendedWhileDown).toBeGreaterThan(total / 3);
    expect((await wholeLog(store)).length).toBe(total);

    await nats.restart();
    await expectStreamEqualsLog(nats.url, stream, store);
  });

  it('republishes events the broker acknowledged and then lost in a crash, in order', async () => {
    const nats = await startOwnNatsServer();
    cleanups.push(() => nats.dispose());
    const { store, stream, newRelay } = await setup(nats.url);
    const relay = newRelay();
    relay.start();
    await appendMixed(store, 100);
    await waitFor(async () => (await streamMessageCount(nats.url, stream.stream)) === 100);

    await nats.kill();
    const loseLaterWrites = nats.snapshotStorage();
    await nats.restart();
    await appendMixed(store, 100, 4);
    await waitFor(async () => (await streamMessageCount(nats.url, stream.stream)) === 200);

    // The broker comes back without the last 100 messages it had acknowledged.
    await nats.kill();
    loseLaterWrites();
    await nats.restart();
    await appendMixed(store, 50);

    const log = await expectStreamEqualsLog(nats.url, stream, store);
    expect(log).toHaveLength(250);
  });
});
