import { connectPglite, connectPostgres, migrateToLatest, type DbHandle } from '@stardeck/infra';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './services';

export type PlanDatabaseKind = 'pglite' | 'postgres';

/**
 * For query-plan suites: a migrated database of the given kind, seeded once before the suite's
 * tests and removed after them. Returns a getter, since the handle exists only once the suite runs.
 */
export function seededDatabase(kind: PlanDatabaseKind, seed: (handle: DbHandle) => Promise<void>): () => DbHandle {
  let handle: DbHandle | undefined;
  let database: TestDatabase | null = null;
  beforeAll(async () => {
    if (kind === 'postgres') {
      database = await createTestDatabase();
      handle = connectPostgres(database.url);
    } else {
      handle = await connectPglite(null);
    }
    await migrateToLatest(handle.db);
    await seed(handle);
  }, 600_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  return () => {
    if (!handle) throw new Error('the seeded database is ready only inside the suite’s tests');
    return handle;
  };
}
