import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, EventStore, NestedConnectionError, connectPglite, migrateToLatest, type DbHandle } from '@stardeck/infra';

/**
 * The embedded database has one connection. A query on the root handle from inside a transaction
 * would wait for that connection for ever (and with it every later request): it must fail at once.
 */
describe('embedded database: a second connection asked for inside a transaction', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await connectPglite(null);
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  const failsAtOnce = async (work: Promise<unknown>) => {
    const started = Date.now();
    await expect(work).rejects.toBeInstanceOf(NestedConnectionError);
    expect(Date.now() - started).toBeLessThan(2000);
  };

  it('throws instead of deadlocking, and rolls the transaction back', async () => {
    const { db } = handle;
    await failsAtOnce(db.transaction().execute(async (tx) => {
      await sql`create table if not exists nested_probe (n int)`.execute(tx);
      await tx.insertInto('nested_probe' as never).values({ n: 1 } as never).execute();
      // The mistake: the root handle, not `tx`.
      await db.selectFrom('users').select('id').execute();
    }));
    const { rows } = await sql<{ exists: boolean }>`select to_regclass('nested_probe') is not null as exists`.execute(db);
    expect(rows[0]!.exists).toBe(false);
  });

  it('catches the root handle behind an event store call and a nested transaction too', async () => {
    const store = new EventStore(handle.db, EVENT_SCHEMAS);
    await failsAtOnce(store.transaction(async () => {
      await store.append('probe-1', 0, [{ type: 'AccountVerified', data: {} }], { actor: 'system' });
    }));
    await failsAtOnce(store.transaction(() => store.transaction(async () => undefined)));
  });

  it('keeps serving every later call normally', async () => {
    const store = new EventStore(handle.db, EVENT_SCHEMAS);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      store.transaction((tx) => store.appendIn(tx, `after-${i}`, 0, [{ type: 'AccountVerified', data: {} }], { actor: 'system' }))));
    expect(results).toHaveLength(20);
    expect((await handle.db.selectFrom('events').select('stream_id').where('stream_id', 'like', 'after-%').execute())).toHaveLength(20);
  });
});
