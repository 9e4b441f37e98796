import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMAS, EventStore, LOG_START, connectPglite, createLogger, createPlatform, loadConfig, migrateToLatest, type Db,
} from '@stardeck/infra';

/** 100 transactions at once, each appending to its own stream and writing an inline row. */
async function concurrentAppends(store: EventStore, db: Db): Promise<void> {
  await sql`CREATE TABLE inline_rows (stream_id text PRIMARY KEY, version integer NOT NULL)`.execute(db);
  const results = await Promise.allSettled(
    Array.from({ length: 100 }, (_, i) =>
      store.transaction(async (tx) => {
        const { nextVersion } = await store.appendIn(tx, `embedded-${i}`, 0, [
          { type: 'AccountRegistered', data: { i } },
          { type: 'AccountVerified', data: { i } },
        ], { actor: 'system' });
        await tx.insertInto('inline_rows' as never).values({ stream_id: `embedded-${i}`, version: nextVersion } as never).execute();
      }),
    ),
  );
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  const events = await store.readAfter(LOG_START, 1000);
  expect(events).toHaveLength(200);
  for (let i = 0; i < 100; i++) {
    const stream = events.filter((e) => e.stream_id === `embedded-${i}`);
    expect(stream.map((e) => [e.stream_version, e.type])).toEqual([[1, 'AccountRegistered'], [2, 'AccountVerified']]);
    // Both events of one transaction carry its id: nothing from another transaction slipped in.
    expect(stream[0]!.transaction_id).toBe(stream[1]!.transaction_id);
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM inline_rows WHERE version = 2`.execute(db);
  expect(rows[0]!.n).toBe(100);
}

describe('embedded Postgres (PGlite) under concurrent transactions', () => {
  it('commits 100 concurrent appends with inline writes without interleaving', async () => {
    const handle = await connectPglite(null);
    try {
      await migrateToLatest(handle.db);
      await concurrentAppends(new EventStore(handle.db, EVENT_SCHEMAS), handle.db);
    } finally {
      await handle.close();
    }
  });

  it('does the same through the platform composed in embedded mode', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-embedded-'));
    const platform = await createPlatform(loadConfig({ DATA_DIR: dataDir }), createLogger('silent'));
    try {
      expect([platform.database.kind, platform.bus.kind]).toEqual(['pglite', 'in-process']);
      await concurrentAppends(platform.store, platform.database.db);
    } finally {
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
