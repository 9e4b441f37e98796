import { connectPglite, connectPostgres, migrateToLatest, type Db, type DbHandle } from '@stardeck/infra';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { collectionSearch } from './collections.repository';

const SERVER = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A migrated database (a copy of the run's template when there is one), dropped at the end. */
async function postgresFromTemplate(): Promise<DbHandle & { drop(): Promise<void> }> {
  const name = `stardeck_search_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), { max: 1 });
  if (!template) await migrateToLatest(handle.db);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: SERVER });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The plan of a collection search with sequential scans priced out: only a usable index avoids one. */
async function searchPlan(db: Db): Promise<string> {
  return db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    const rows = await tx.selectFrom('collections').select('id').where(collectionSearch('aurora')).explain();
    return rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
}

describe('collection search', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('is served by the trigram indexes on PGlite and on Postgres, never a sequential scan', async () => {
    const pglite = await connectPglite(null);
    cleanups.push(() => pglite.close());
    await migrateToLatest(pglite.db);
    const postgres = await postgresFromTemplate();
    cleanups.push(() => postgres.drop());
    for (const [name, db] of [['pglite', pglite.db], ['postgres', postgres.db]] as const) {
      const plan = await searchPlan(db);
      expect(plan, name).toContain('collections_name_trgm');
      expect(plan, name).toContain('collections_description_trgm');
      expect(plan, name).not.toContain('Seq Scan');
    }
  });
});
