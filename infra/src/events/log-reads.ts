import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Tx } from './event-store';
import type { LogCursor } from './types';

/**
 * The log's read statements that keep readers in commit-safe order: the bound below which every
 * appender has finished, and the reads by event type that rebuilds use. EventStore turns their rows
 * into stored events (upcast, redacted).
 */

/**
 * The shared advisory lock every transaction that may append holds from its first statement
 * ("STAR", 1): taken before the transaction has an id, so a reader that sees a transaction id in
 * flight can tell from the lock table whether that transaction may still add events.
 */
export const APPENDER_LOCK = { classid: 1398030674, objid: 1 } as const;
export const takeAppenderLock = sql`pg_advisory_xact_lock_shared(${sql.lit(APPENDER_LOCK.classid)}, ${sql.lit(APPENDER_LOCK.objid)})`;

/** The columns every read of the log takes, ids as text. */
export function selectEvents(executor: Db | Tx) {
  return executor
    .selectFrom('events')
    .select([
      'global_position', sql<string>`transaction_id::text`.as('transaction_id'), 'stream_id', 'stream_version',
      'type', 'schema_version', 'data', 'metadata', sql<string>`event_id::text`.as('event_id'), 'recorded_at',
    ]);
}

/** A row as selectEvents reads it. */
export type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

/**
 * The lowest transaction id that may still commit events: the oldest appender in flight (a
 * transaction holding the appender lock in this database), or else the first id not yet
 * completed. Other transactions, in this database or any other on the server (an idle session,
 * a pg_dump), never hold a reader back.
 *
 * Why nothing is skipped: the events are read by a later statement, with a later snapshot. An
 * appender whose id is below the bound and whose events that snapshot cannot see was running
 * when this statement took its snapshot and still is after it; it took the lock before it had
 * an id, so it held the lock, and its id was set, when this statement read the lock table and
 * the backends: its id is in the bound. Transactions given an id after this statement's
 * snapshot are at or above `pg_snapshot_xmax`. (The embedded database runs one statement at a
 * time, with no transaction in flight while a reader reads, so the bound is simply the next id.)
 */
export async function appendBound(executor: Db | Tx): Promise<string> {
  const { rows } = await sql<{ bound: string }>`
    SELECT coalesce(
      (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
        WHERE x::xid IN (
          SELECT a.backend_xid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted
            AND l.classid = ${sql.lit(APPENDER_LOCK.classid)} AND l.objid = ${sql.lit(APPENDER_LOCK.objid)} AND l.objsubid = 2
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))),
      pg_snapshot_xmax(pg_current_snapshot()))::text AS bound`.execute(executor);
  return rows[0]!.bound;
}

/**
 * The next `limit` events of `types` after `cursor` in log order (below `bound` when given).
 * A read model that handles a few rare types must not walk the whole log to find them: each
 * type is read as a range of the (type, transaction_id, global_position) index, only the
 * positions at first, and the first `limit` of their merge are then fetched whole. A rebuild of
 * the notifications model reads its few thousand events, not the million plays between them.
 */
export async function selectOfTypes(
  executor: Db | Tx, cursor: LogCursor, limit: number, types: readonly string[], bound: string | null,
): Promise<EventRow[]> {
  const below = bound === null ? sql`` : sql`AND e.transaction_id < ${bound}::xid8`;
  return selectEvents(executor)
    .where('global_position', 'in', sql<number>`(
      SELECT k.global_position FROM unnest(${[...types]}::text[]) AS t(type)
      CROSS JOIN LATERAL (
        SELECT e.transaction_id, e.global_position FROM events e
        WHERE e.type = t.type
          AND (e.transaction_id, e.global_position) > (${cursor.xid}::xid8, ${cursor.position}::bigint)
          AND e.transaction_id >= ${cursor.xid}::xid8 ${below}
        ORDER BY e.transaction_id, e.global_position LIMIT ${limit}) k
      ORDER BY k.transaction_id, k.global_position LIMIT ${limit})`)
    .orderBy('events.transaction_id')
    .orderBy('events.global_position')
    .execute();
}
