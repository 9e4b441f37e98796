import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import pg from 'pg';
import { survivePoolErrors } from './pool-errors';

/** Each prepared text holds a plan on every connection: past this many, queries run unprepared. */
const MAX_PREPARED_TEXTS = 500;
/** A database or a transaction. */
interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Statement texts executePrepared has run, with their statement names. */
const names = new Map<string, string>();

/** A database's own pool for prepared reads, where a generic plan is what every statement gets. */
const preparedPools = new WeakMap<object, QueryRunner>();

/**
 * Runs a query as a prepared statement on Postgres: on the database's pool for prepared reads
 * (see attachPreparedPool), each connection parses and plans its text once, for any values, then
 * only binds and runs it. For hot reads whose planning costs more than their run (a stream page
 * joins a dozen read models to show ten tracks: 0.7 ms of planning, 0.5 ms of work). Inside a
 * transaction, and on PGlite, it runs as any query. Statements are named per connection, so a
 * pooler in front of Postgres must support prepared statements (PgBouncer 1.21 or later in
 * transaction mode). Only for queries that name their columns: a prepared `select *` fails once a
 * migration adds a column under a running process.
 */
export async function executePrepared<O>(executor: QueryRunner, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  const prepared = preparedPools.get(executor);
  if (prepared && !names.has(compiled.sql) && names.size < MAX_PREPARED_TEXTS) {
    names.set(compiled.sql, `prepared_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 32)}`);
  }
  // A text past the cap stays on the main pool, planned for its values like any query.
  const runner = prepared && names.has(compiled.sql) ? prepared : executor;
  return (await runner.executeQuery(compiled)).rows;
}

/**
 * Gives `db` a small pool of its own for executePrepared: its connections run the registered
 * texts as named statements, each planned once for any parameters (a generic plan). The setting
 * that forces generic plans holds for a whole connection, every parameterised query on it
 * included, so only these reads use these connections; every other query stays on the main pool
 * and is planned for its values. Planned for one member's values, a stream page could pick a plan
 * that is fine for ten followed members and a hundred times slower for a thousand, or one that
 * trusts statistics a burst of uploads has not yet refreshed; the generic plan holds for both.
 * Returns what closes the pool.
 */
export function attachPreparedPool(db: object, config: pg.PoolConfig): () => Promise<void> {
  const pool = new pg.Pool({ ...config, max: 4 });
  survivePoolErrors(pool);
  pool.on('connect', (client) => {
    // Queued before any query; a server that refuses it plans as usual.
    client.query('set plan_cache_mode = force_generic_plan').catch(() => undefined);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      return name ? query({ name, text, values }, callback) : query(text, values, callback);
    }) as typeof client.query;
  });
  const prepared = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  preparedPools.set(db, prepared);
  return () => prepared.destroy();
}
