import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMAS, EventStore, InProcessBus, JetStreamBus, LOG_START, PostgresLockManager, REDACTED, Relay, connectPostgres,
  createLogger, migrateToLatest, type StoredEvent,
} from '@stardeck/infra';
import type { Projection } from '@stardeck/domain';
import { ProjectionRunner } from '@stardeck/projector';
import { readWholeStream } from '../support/jetstream';
import { TEST_NATS_URL, createTestDatabase, createTestStream, waitFor } from '../support/services';

const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$bmV3c2FsdA$bmV3aGFzaG5ld2hhc2g';
const INVITE_KEY = '0123456789ab';

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups = [];
});

/** A sign-up, a password change and an invite, appended as the write side does. */
async function appendSecretBearingEvents(store: EventStore): Promise<void> {
  await store.append('user-u1', 0, [
    {
      type: 'AccountRegistered',
      data: { user_id: 'u1', email: 'vega@example.com', username: 'vega', slug: 'vega', password_hash: HASH, role: 'member', tier: 'free', invite_id: 'i0' },
    },
    { type: 'PasswordChanged', data: { user_id: 'u1', password_hash: NEW_HASH, reason: 'reset' } },
  ], { actor: 'u1' });
  await store.append('invite-i1', 0, [
    { type: 'InviteCreated', data: { invite_id: 'i1', key: INVITE_KEY, inviter_id: 'u1', access_request_id: null } },
  ], { actor: 'u1' });
}

/** An async projection that keeps every payload it is given. */
function recordingProjection(seen: StoredEvent[]): Projection {
  return {
    name: 'secret_probe',
    kind: 'async',
    tables: [],
    handles: ['AccountRegistered', 'PasswordChanged', 'InviteCreated'],
    apply: async (event) => {
      seen.push(event);
    },
    reset: async () => undefined,
  };
}

describe('secret fields of events', () => {
  it('reach an async projection reading the log redacted, exactly as the bus carries them, and stay readable to the write side', async () => {
    const testDb = await createTestDatabase();
    const stream = createTestStream();
    const database = connectPostgres(testDb.url, { max: 10 });
    cleanups.push(() => testDb.drop(), () => database.close(), () => stream.drop());
    await migrateToLatest(database.db);
    const store = new EventStore(database.db, EVENT_SCHEMAS);
    const locks = new PostgresLockManager(testDb.url);
    await appendSecretBearingEvents(store);

    // The projection runs with a bus that never delivers, so everything it applies comes from the log.
    const seen: StoredEvent[] = [];
    const runner = new ProjectionRunner(recordingProjection(seen), store, new InProcessBus(), locks, logger, { silenceMs: 200, standbyRetryMs: 100 });
    cleanups.push(() => runner.stop());
    runner.start();
    await waitFor(async () => seen.length === 3);

    const [registered, changed, invited] = seen;
    expect(registered).toMatchObject({ type: 'AccountRegistered', data: { user_id: 'u1', email: 'vega@example.com', password_hash: REDACTED } });
    expect(changed).toMatchObject({ type: 'PasswordChanged', data: { user_id: 'u1', reason: 'reset', password_hash: REDACTED } });
    expect(invited).toMatchObject({ type: 'InviteCreated', data: { invite_id: 'i1', inviter_id: 'u1', key: REDACTED } });
    for (const secret of [HASH, NEW_HASH, INVITE_KEY]) expect(JSON.stringify(seen)).not.toContain(secret);

    // What the relay publishes for live projections is the same payload, event for event.
    const bus = new JetStreamBus({ url: TEST_NATS_URL, stream: stream.stream, subjectPrefix: stream.subjectPrefix, logger });
    const relay = new Relay(store, bus, locks, logger, { pollMs: 50 });
    cleanups.push(() => bus.close(), () => relay.stop());
    relay.start();
    const published = await waitFor(async () => {
      const messages = await readWholeStream(TEST_NATS_URL, stream.stream).catch(() => []);
      return messages.length === 3 && messages;
    });
    expect(published.map((m) => ({ id: m.event.event_id, data: m.event.data })))
      .toEqual(seen.map((e) => ({ id: e.event_id, data: e.data })));

    // Deciders and inline projections opt in to the stored values.
    const [writeSide] = await store.withSecrets.readStream('user-u1', database.db);
    expect(writeSide!.data.password_hash).toBe(HASH);
    const [fromLog] = await store.withSecrets.readAfter(LOG_START, 10, database.db);
    expect(fromLog!.data.password_hash).toBe(HASH);
    expect((await store.readStream('user-u1'))[0]!.data.password_hash).toBe(REDACTED);
  });
});
