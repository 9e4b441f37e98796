import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PglitePool } from './pglite-pool';

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
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: numericBigints() });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', url, close: () => db.destroy() };
}

export async function connectPglite(dataDir: string | null): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite(dataDir ?? undefined, { parsers: { [INT8_OID]: (v: string) => Number(v) } });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PglitePool(pglite) }) });
  return { db, kind: 'pglite', url: null, close: () => db.destroy() };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
