import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { GuardedKysely } from './guarded-kysely';
import { PglitePool } from './pglite-pool';
import { survivePoolErrors } from './pool-errors';
import { attachPreparedPool } from './prepared-statements';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Connection string for adapters that need their own connections (advisory locks, LISTEN). */
  url: string | null;
  close(): Promise<void>;
}

const INT8_OID = 20;

/** bigint columns (positions, counters) fit easily in a double; read them as numbers everywhere. */
function numericBigints(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) =>
      oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export function connectPostgres(url: string, options: { max?: number } = {}): DbHandle {
  const config = { connectionString: url, types: numericBigints() };
  const pool = new pg.Pool({ ...config, max: options.max ?? 10 });
  survivePoolErrors(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const closePrepared = attachPreparedPool(db, config);
  return { db, kind: 'postgres', url, close: async () => { await Promise.all([db.destroy(), closePrepared()]); } };
}

export async function connectPglite(dataDir: string | null): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigram indexes serve member search on Postgres and PGlite alike; PGlite loads the extension's files here.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = new PGlite({ dataDir: dataDir ?? undefined, parsers: { [INT8_OID]: (v: string) => Number(v) }, extensions: { pg_trgm } });
  await pglite.waitReady;
  const pool = new PglitePool(pglite);
  const db: Db = new GuardedKysely<Database>({ dialect: new PostgresDialect({ pool }) }, pool);
  return {
    db, kind: 'pglite', url: null,
    close: async () => {
      await db.destroy();
      // Kysely only ends a pool it has used: a database closed before its first query would stay open.
      await pool.end();
    },
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
