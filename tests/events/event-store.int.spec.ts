import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrencyError, EventStore, LOG_START, compareCursors, connectPostgres, cursorOf, migrateToLatest,
  type DbHandle, type EventSchema, type StoredEvent,
} from '@stardeck/infra';
import { wholeLog } from '../support/stats-events';
import { createTestDatabase, type TestDatabase } from '../support/services';

/** A payload that changed shape: version 1 had `name`, version 2 has `title` and `slug`. */
const TEST_SCHEMAS: Record<string, EventSchema> = {
  TrackRenamed: {
    current: 2,
    secret: [],
    upcast: (data, from) => (from === 1 ? { title: data.name, slug: String(data.name).toLowerCase() } : data),
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event store on Postgres', () => {
  let testDb: TestDatabase;
  let database: DbHandle;
  let readerDb: DbHandle;
  let store: EventStore;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = connectPostgres(testDb.url, { max: 20 });
    readerDb = connectPostgres(testDb.url, { max: 2 });
    await migrateToLatest(database.db);
    await sql`CREATE TABLE inline_claims (stream_id text NOT NULL, writer text NOT NULL)`.execute(database.db);
    store = new EventStore(database.db, TEST_SCHEMAS);
  });

  afterAll(async () => {
    await readerDb?.close();
    await database?.close();
    await testDb?.drop();
  });

  it('appends to a stream and reads it back in version order', async () => {
    const first = await store.append('track-1', 0, [
      { type: 'TrackUploaded', data: { title: 'Intro' } },
      { type: 'TrackSaved', data: { by: 'u1' } },
    ], { actor: 'u1' });
    expect(first.nextVersion).toBe(2);
    const second = await store.append('track-1', 2, [{ type: 'TrackSaved', data: { by: 'u2' } }], { actor: 'u2' });
    expect(second.nextVersion).toBe(3);

    const events = await store.readStream('track-1');
    expect(events.map((e) => [e.stream_version, e.type, e.data])).toEqual([
      [1, 'TrackUploaded', { title: 'Intro' }],
      [2, 'TrackSaved', { by: 'u1' }],
      [3, 'TrackSaved', { by: 'u2' }],
    ]);
    expect(await store.streamVersion(store.db, 'track-1')).toBe(3);
    expect(await store.readStream('track-unknown')).toEqual([]);
  });

  it('stores the actor, request, correlation and causation ids with every event', async () => {
    const metadata = { actor: 'user-7', request_id: 'req-1', correlation_id: randomUUID(), causation_id: randomUUID() };
    const { events } = await store.append('comment-9', 0, [{ type: 'CommentPosted', data: { body: 'hi' } }], metadata);
    const [read] = await store.readStream('comment-9');
    expect(read!.metadata).toEqual(metadata);
    expect(read!.event_id).toBe(events[0]!.event_id);
    const [byActor] = await store.query({ actor: 'user-7', limit: 10 });
    expect(byActor!.metadata).toEqual(metadata);
  });

  it('reads an event stored at schema version 1 as the current version through its upcaster', async () => {
    await store.append('track-2', 0, [{ type: 'TrackRenamed', schema_version: 1, data: { name: 'Old Name' } }], { actor: 'u1' });
    await store.append('track-2', 1, [{ type: 'TrackRenamed', data: { title: 'New', slug: 'new' } }], { actor: 'u1' });

    const raw = await database.db.selectFrom('events').select(['schema_version', 'data']).where('stream_id', '=', 'track-2').orderBy('stream_version').execute();
    expect(raw).toEqual([
      { schema_version: 1, data: { name: 'Old Name' } },
      { schema_version: 2, data: { title: 'New', slug: 'new' } },
    ]);
    const events = await store.readStream('track-2');
    expect(events.map((e) => [e.schema_version, e.data])).toEqual([
      [2, { title: 'Old Name', slug: 'old name' }],
      [2, { title: 'New', slug: 'new' }],
    ]);
    // Other test files' open transactions may hold readers back for a moment: read the whole committed log.
    const fromLog = (await wholeLog(store)).filter((e) => e.stream_id === 'track-2');
    expect(fromLog.map((e) => e.data)).toEqual(events.map((e) => e.data));
  });

  it('refuses to update or delete an event', async () => {
    await store.append('track-3', 0, [{ type: 'TrackUploaded', data: { title: 'Keep' } }], { actor: 'u1' });
    await expect(sql`UPDATE events SET data = '{"title":"Changed"}' WHERE stream_id = 'track-3'`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM events WHERE stream_id = 'track-3'`.execute(database.db)).rejects.toThrow(/append-only/);
    const [event] = await store.readStream('track-3');
    expect(event!.data).toEqual({ title: 'Keep' });
  });

  it('lets exactly one of two writers with the same expected version win; the loser changes nothing', async () => {
    for (let round = 0; round < 20; round++) {
      const streamId = `invite-race${round}`;
      let arrived = 0;
      let bothInFlight!: () => void;
      const barrier = new Promise<void>((resolve) => (bothInFlight = resolve));
      const writer = (name: string) =>
        store.transaction(async (tx) => {
          await tx.insertInto('inline_claims' as never).values({ stream_id: streamId, writer: name } as never).execute();
          if (++arrived === 2) bothInFlight();
          await barrier;
          return store.appendIn(tx, streamId, 0, [
            { type: 'InviteCreated', data: { writer: name, part: 1 } },
            { type: 'InviteCreated', data: { writer: name, part: 2 } },
            { type: 'InviteCreated', data: { writer: name, part: 3 } },
          ], { actor: name });
        });
      const outcomes = await Promise.allSettled([writer('a'), writer('b')]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(ConcurrencyError);

      const winner = outcomes[0]!.status === 'fulfilled' ? 'a' : 'b';
      const events = await store.readStream(streamId);
      expect(events.map((e) => [e.stream_version, e.data])).toEqual([
        [1, { writer: winner, part: 1 }],
        [2, { writer: winner, part: 2 }],
        [3, { writer: winner, part: 3 }],
      ]);
      const claims = await sql<{ writer: string }>`SELECT writer FROM inline_claims WHERE stream_id = ${streamId}`.execute(database.db);
      expect(claims.rows).toEqual([{ writer: winner }]);
    }
  });

  it('appends a batch of many streams in one statement, each continuing its versions; a moved stream fails the whole batch', async () => {
    await store.append('batch-a', 0, [{ type: 'TrackSaved', data: { n: 1 } }], { actor: 'u1' });
    const stored = await store.transaction((tx) => store.appendBatch(tx, [
      { streamId: 'batch-a', expected: 1, events: [{ type: 'TrackSaved', data: { n: 2 } }], metadata: { actor: 'u1' } },
      { streamId: 'batch-b', expected: 0, events: [{ type: 'TrackSaved', data: { n: 1 } }, { type: 'TrackSaved', data: { n: 2 } }], metadata: { actor: 'u2' } },
      { streamId: 'batch-a', expected: 2, events: [{ type: 'TrackSaved', data: { n: 3 } }], metadata: { actor: 'u1', request_id: 'r1' } },
    ]));
    expect(stored.map((events) => events.map((e) => [e.stream_id, e.stream_version]))).toEqual([
      [['batch-a', 2]], [['batch-b', 1], ['batch-b', 2]], [['batch-a', 3]],
    ]);
    expect(stored[2]![0]!.metadata).toMatchObject({ actor: 'u1', request_id: 'r1', correlation_id: 'r1' });
    expect((await store.readStream('batch-a')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);

    // Another writer moved batch-b: the batch fails as a whole, batch-c included.
    await store.append('batch-b', 2, [{ type: 'TrackSaved', data: { n: 3 } }], { actor: 'u3' });
    await expect(store.transaction((tx) => store.appendBatch(tx, [
      { streamId: 'batch-c', expected: 0, events: [{ type: 'TrackSaved', data: {} }], metadata: { actor: 'u1' } },
      { streamId: 'batch-b', expected: 2, events: [{ type: 'TrackSaved', data: { n: 'late' } }], metadata: { actor: 'u2' } },
    ]))).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream('batch-c')).toEqual([]);
    expect(await store.streamVersion(store.db, 'batch-b')).toBe(3);
  });

  it('orders transaction ids as numbers, so a reader neither repeats nor skips events when xids gain a digit', async () => {
    // Transactions 9 and 10 are long finished; as text "10" sorts before "9".
    for (const [xid, n] of [['9', 1], ['10', 2]] as const) {
      await sql`INSERT INTO events (transaction_id, stream_id, stream_version, type, data, event_id)
        VALUES (${xid}::xid8, 'old-1', ${n}, 'OldFact', '{}', ${randomUUID()}::uuid)`.execute(database.db);
    }
    const [first] = await store.readAfter(LOG_START, 1);
    const [second] = await store.readAfter(cursorOf(first!), 1);
    expect([first!.transaction_id, first!.stream_version]).toEqual(['9', 1]);
    expect([second!.transaction_id, second!.stream_version]).toEqual(['10', 2]);
  });

  it('reads only the asked types, in log order and a batch at a time, exactly as the whole log has them', async () => {
    const before = (await store.readAfter(LOG_START, 100_000)).at(-1);
    const start = before ? cursorOf(before) : LOG_START;
    // Three types in many streams; some transactions linger, so commit order differs from position order.
    await Promise.all(Array.from({ length: 6 }, async (_, n) => {
      for (let version = 0; version < 10; version++) {
        const type = ['Rare', 'Common', 'Common', 'Other'][(n + version) % 4]!;
        await store.transaction(async (tx) => {
          await store.appendIn(tx, `typed-${n}`, version, [{ type, data: { n, version } }], { actor: `typed-${n}` });
          if ((n + version) % 3 === 0) await sleep(2);
        });
      }
    }));
    const whole = await store.readAfter(start, 100_000);
    const wanted = ['Rare', 'Other'];
    const expected = whole.filter((e) => wanted.includes(e.type)).map((e) => e.event_id);
    expect(expected.length).toBeGreaterThan(10);

    const inBatches = async (read: (cursor: typeof start) => Promise<StoredEvent[]>) => {
      const ids: string[] = [];
      for (let cursor = start; ;) {
        const batch = await read(cursor);
        if (batch.length === 0) return ids;
        expect(batch.length).toBeLessThanOrEqual(4);
        ids.push(...batch.map((e) => e.event_id));
        cursor = cursorOf(batch.at(-1)!);
      }
    };
    expect(await inBatches((cursor) => store.readAfter(cursor, 4, store.db, wanted))).toEqual(expected);
    expect(await inBatches((cursor) => store.withSecrets.readCommitted(store.db, cursor, 4, wanted))).toEqual(expected);
    expect(await store.readAfter(start, 4, store.db, ['NoSuchType'])).toEqual([]);
  });

  it('gives a polling reader every event of 50 concurrent appenders exactly once, in commit-safe order', async () => {
    const appenders = 50;
    const perAppender = 200;
    const start = (await store.readAfter(LOG_START, 100_000)).at(-1);
    let cursor = start ? cursorOf(start) : LOG_START;
    const reader = new EventStore(readerDb.db, TEST_SCHEMAS);
    const seen: StoredEvent[] = [];
    let writing = true;

    // After the writers finish, the reader keeps polling until it has the expected count: a
    // transaction elsewhere in the cluster may still hide committed events for a moment, but an
    // event skipped by the cursor never comes back, and then this stops at the deadline.
    const poll = async () => {
      let deadline = Infinity;
      while (Date.now() < deadline) {
        const batch = await reader.readAfter(cursor, 1000);
        seen.push(...batch);
        if (batch.length > 0) cursor = cursorOf(batch.at(-1)!);
        else if (!writing && seen.length >= appenders * perAppender) return;
        else if (!writing) deadline = Math.min(deadline, Date.now() + 10_000);
      }
    };
    const append = async (n: number) => {
      for (let version = 0; version < perAppender; version++) {
        // Some transactions linger before commit, as ones with inline projections do; their
        // positions were taken early, so they commit after events with higher positions.
        await store.transaction(async (tx) => {
          await store.appendIn(tx, `load-${n}`, version, [{ type: 'LoadTested', data: { n, version } }], { actor: `appender-${n}` });
          if ((n + version) % 7 === 0) await sleep(1);
        });
      }
    };

    const polling = poll();
    await Promise.all(Array.from({ length: appenders }, (_, n) => append(n)));
    writing = false;
    await polling;

    const loadEvents = seen.filter((e) => e.type === 'LoadTested');
    expect(new Set(seen.map((e) => e.event_id)).size).toBe(seen.length);
    expect(loadEvents).toHaveLength(appenders * perAppender);
    for (let i = 1; i < seen.length; i++) {
      expect(compareCursors(cursorOf(seen[i - 1]!), cursorOf(seen[i]!))).toBeLessThan(0);
    }
    const versions = new Map<string, number[]>();
    for (const event of loadEvents) versions.set(event.stream_id, [...(versions.get(event.stream_id) ?? []), event.stream_version]);
    expect(versions.size).toBe(appenders);
    const expected = Array.from({ length: perAppender }, (_, i) => i + 1);
    for (const list of versions.values()) expect(list).toEqual(expected);
  });
});
