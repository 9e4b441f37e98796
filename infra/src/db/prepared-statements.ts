import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type pg from 'pg';

/** Each prepared text holds a plan on every connection: past this many, queries run unprepared. */
const MAX_PREPARED_TEXTS = 500;
/** A database or a transaction. */
interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Statement texts executePrepared has run, with their statement names. */
const names = new Map<string, string>();

/**
 * Runs a query as a prepared statement on Postgres: each connection parses and plans its text once,
 * then only binds and runs it (see prepareRegisteredStatements for how it is planned). For hot reads whose planning costs more than their run (a stream page
 * joins a dozen read models to show ten tracks: 0.7 ms of planning, 0.5 ms of work). On PGlite it
 * runs as any query. Statements are named per connection, so a pooler in front of Postgres must
 * support prepared statements (PgBouncer 1.21 or later in transaction mode). Only for queries that
 * name their columns: a prepared `select *` fails once a migration adds a column under a running
 * process.
 */
export async function executePrepared<O>(executor: QueryRunner, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  if (!names.has(compiled.sql) && names.size < MAX_PREPARED_TEXTS) {
    names.set(compiled.sql, `prepared_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 32)}`);
  }
  return (await executor.executeQuery(compiled)).rows;
}

/**
 * Makes the pool's connections run the texts executePrepared registered as named statements, each
 * planned once for any parameters (a generic plan; other queries are unnamed and always planned for
 * their values). Planned for one member's values, a stream page could pick a plan that is fine for
 * ten followed members and a hundred times slower for a thousand, or one that trusts statistics a
 * burst of uploads has not yet refreshed; the generic plan holds for both.
 */
export function prepareRegisteredStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    // Queued before any query of the pool's user; a server that refuses it plans as usual.
    client.query('set plan_cache_mode = force_generic_plan').catch(() => undefined);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      return name ? query({ name, text, values }, callback) : query(text, values, callback);
    }) as typeof client.query;
  });
}
