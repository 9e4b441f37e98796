import { afterEach, describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMAS, EventStore, InProcessBus, LOG_START, PostgresLockManager, connectPostgres, createLogger, migrateToLatest,
} from '@stardeck/infra';
import type { Projection } from '@stardeck/domain';
import { ProjectionRunner } from '@stardeck/projector';
import { createTestDatabase, waitFor } from '../support/services';

const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups = [];
});

describe('a projection whose apply waits on something slow', () => {
  it('does not hold back commit-safe readers while it waits (no transaction id is taken before its writes)', async () => {
    const testDb = await createTestDatabase();
    const database = connectPostgres(testDb.url, { max: 10 });
    cleanups.push(() => testDb.drop(), () => database.close());
    await migrateToLatest(database.db);
    const store = new EventStore(database.db, EVENT_SCHEMAS);

    // Like the transcode dispatcher: reads, then waits on an outside system (here: until released).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    cleanups.push(async () => release());
    let waiting = false;
    const applied: number[] = [];
    const slow: Projection = {
      name: 'slow_side_effect',
      kind: 'async',
      handles: ['JobRequested'],
      tables: [],
      async apply(event, tx) {
        await tx.selectFrom('events').select('global_position').where('global_position', '=', event.global_position).execute();
        waiting = true;
        await gate;
        applied.push(event.global_position);
      },
      async reset() {},
    };
    const runner = new ProjectionRunner(slow, store, new InProcessBus(), new PostgresLockManager(testDb.url), logger, { silenceMs: 100, standbyRetryMs: 100 });
    cleanups.push(() => runner.stop());
    await store.append('job-1', 0, [{ type: 'JobRequested', data: {} }], { actor: 'system' });
    runner.start();
    await waitFor(async () => waiting);

    // While the apply waits, events appended elsewhere become visible to commit-safe readers.
    // (Other work on the cluster may hide them for a moment; a waiting apply holding an xid
    // would hide them until it finishes, which is never here.)
    await store.append('other-1', 0, [{ type: 'SomethingElse', data: {} }], { actor: 'system' });
    const visible = await waitFor(async () => {
      const events = await store.readAfter(LOG_START, 10);
      return events.length === 2 ? events : null;
    }, 15_000);
    expect(visible.map((e) => e.stream_id)).toEqual(['job-1', 'other-1']);
    expect(applied).toEqual([]);

    release();
    await waitFor(async () => applied.length === 1);
  });
});
