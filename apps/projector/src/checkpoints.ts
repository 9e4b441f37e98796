import { hostname } from 'node:os';
import { LOG_START, type Db, type LogCursor, type Tx } from '@stardeck/infra';
import { sql } from 'kysely';

export const OWNER_ID = `${hostname()}:${process.pid}`;

export interface CheckpointRow {
  name: string;
  cursor: LogCursor;
  status: 'live' | 'rebuilding' | 'rebuild_requested';
  rebuild_total: number | null;
  rebuild_done: number | null;
  /** How far a running rebuild's shadow copy has read, when one runs. */
  rebuild_cursor: LogCursor | null;
  rebuild_started_at: Date | null;
  rebuild_finished_at: Date | null;
  last_error: { message: string; position: number | null; at: Date } | null;
  owner: string | null;
  updated_at: Date;
}

export async function ensureCheckpoint(db: Db, name: string): Promise<void> {
  await db.insertInto('projection_checkpoints').values({ name, last_xid: '0', last_position: 0, status: 'live', rebuild_total: null, rebuild_done: null, owner: null, updated_at: new Date() })
    .onConflict((oc) => oc.column('name').doNothing()).execute();
}

export async function readCheckpoint(db: Db | Tx, name: string): Promise<CheckpointRow | null> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select([
      'name', 'last_position', sql<string>`last_xid::text`.as('last_xid'), 'status', 'rebuild_total', 'rebuild_done', 'owner', 'updated_at',
      sql<string | null>`rebuild_last_xid::text`.as('rebuild_last_xid'), 'rebuild_last_position', 'rebuild_started_at', 'rebuild_finished_at',
      'last_error', 'last_error_position', 'last_error_at',
    ])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    cursor: { xid: row.last_xid, position: row.last_position },
    status: row.status,
    rebuild_total: row.rebuild_total,
    rebuild_done: row.rebuild_done,
    rebuild_cursor: row.rebuild_last_xid === null || row.rebuild_last_position === null ? null : { xid: row.rebuild_last_xid, position: row.rebuild_last_position },
    rebuild_started_at: row.rebuild_started_at,
    rebuild_finished_at: row.rebuild_finished_at,
    last_error: row.last_error === null ? null : { message: row.last_error, position: row.last_error_position, at: row.last_error_at ?? row.updated_at },
    owner: row.owner,
    updated_at: row.updated_at,
  };
}

export async function listCheckpoints(db: Db): Promise<CheckpointRow[]> {
  const rows = await db.selectFrom('projection_checkpoints').select('name').orderBy('name').execute();
  const all = await Promise.all(rows.map((r) => readCheckpoint(db, r.name)));
  return all.filter((r): r is CheckpointRow => r !== null);
}

export async function writeCheckpoint(tx: Db | Tx, name: string, cursor: LogCursor, extra: { rebuild_done?: number } = {}): Promise<void> {
  await tx
    .updateTable('projection_checkpoints')
    .set({ last_xid: cursor.xid, last_position: cursor.position, updated_at: new Date(), ...extra })
    .where('name', '=', name)
    .execute();
}

/**
 * Moves the checkpoint from `from` to `to` only if it still stands at `from`: the ownership check
 * of an apply transaction. Taking no lock before this write matters: a transaction gets an xid at
 * its first write, and every xid still running holds back commit-safe readers cluster-wide, so a
 * slow apply (a projection that enqueues a job) must not hold one while it waits.
 */
export async function advanceCheckpoint(tx: Tx, name: string, from: LogCursor, to: LogCursor, extra: { rebuild_done?: number } = {}): Promise<boolean> {
  const result = await tx
    .updateTable('projection_checkpoints')
    .set({ last_xid: to.xid, last_position: to.position, updated_at: new Date(), ...extra })
    .where('name', '=', name)
    .where(sql<boolean>`last_xid = ${from.xid}::xid8`)
    .where('last_position', '=', from.position)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setStatus(db: Db | Tx, name: string, status: CheckpointRow['status'], extra: Partial<{ rebuild_total: number | null; rebuild_done: number | null; owner: string | null }> = {}): Promise<void> {
  await db.updateTable('projection_checkpoints').set({ status, updated_at: new Date(), ...extra }).where('name', '=', name).execute();
}

/** Records who applies the projection without touching its status, so a pending rebuild request survives a takeover. */
export async function setOwner(db: Db | Tx, name: string, owner: string | null, onlyIfOwner?: string): Promise<void> {
  let query = db.updateTable('projection_checkpoints').set({ owner, updated_at: new Date() }).where('name', '=', name);
  if (onlyIfOwner !== undefined) query = query.where('owner', '=', onlyIfOwner);
  await query.execute();
}

/**
 * Marks a rebuild as running from the start of the log: its shadow copy reads from LOG_START,
 * while the live checkpoint stays where it is. Refuses (false) when a rebuild already runs.
 */
export async function startRebuild(db: Db | Tx, name: string, total: number, owner: string): Promise<boolean> {
  const result = await db.updateTable('projection_checkpoints')
    .set({
      status: 'rebuilding', rebuild_total: total, rebuild_done: 0, rebuild_last_xid: LOG_START.xid, rebuild_last_position: LOG_START.position,
      rebuild_started_at: new Date(), rebuild_finished_at: null, owner, last_error: null, last_error_position: null, last_error_at: null, updated_at: new Date(),
    })
    .where('name', '=', name).where('status', '<>', 'rebuilding')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records how far the shadow copy has read, in the transaction that wrote it there. False when
 * the rebuild is no longer running (an admin cancelled it): the caller rolls its batch back.
 */
export async function recordRebuildProgress(tx: Tx, name: string, cursor: LogCursor, done: number, total: number): Promise<boolean> {
  const result = await tx.updateTable('projection_checkpoints')
    .set({ rebuild_last_xid: cursor.xid, rebuild_last_position: cursor.position, rebuild_done: done, rebuild_total: total, updated_at: new Date() })
    .where('name', '=', name).where('status', '=', 'rebuilding')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The live model has become the rebuilt one: back to live, with the rebuild's figures kept as the
 * last rebuild's. False when it was cancelled meanwhile.
 */
export async function endRebuild(tx: Db | Tx, name: string, done: number): Promise<boolean> {
  const result = await tx.updateTable('projection_checkpoints')
    .set({
      status: 'live', rebuild_total: done, rebuild_done: done, rebuild_last_xid: null, rebuild_last_position: null, rebuild_finished_at: new Date(),
      last_error: null, last_error_position: null, last_error_at: null, updated_at: new Date(),
    })
    .where('name', '=', name).where('status', '=', 'rebuilding')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends a rebuild that failed, keeping its reason: the live model was never touched, so the
 * projection is simply live again. (A cancelled rebuild was set live by the cancel itself.)
 */
export async function abandonRebuild(db: Db | Tx, name: string, reason: string, position: number | null): Promise<void> {
  await db.updateTable('projection_checkpoints')
    .set({
      status: 'live', rebuild_total: null, rebuild_done: null, rebuild_last_xid: null, rebuild_last_position: null, rebuild_started_at: null, rebuild_finished_at: null,
      last_error: reason, last_error_position: position, last_error_at: new Date(), updated_at: new Date(),
    })
    .where('name', '=', name).where('status', '=', 'rebuilding')
    .execute();
}

/** Asks the projection's owner for a rebuild; the last one's error no longer applies. */
export async function requestRebuild(db: Db | Tx, name: string, total: number): Promise<void> {
  await db.updateTable('projection_checkpoints')
    .set({ status: 'rebuild_requested', rebuild_total: total, rebuild_done: 0, last_error: null, last_error_position: null, last_error_at: null, updated_at: new Date() })
    .where('name', '=', name).where('status', '=', 'live')
    .execute();
}

/** What an admin's cancel does: a requested rebuild never starts, a running one stops at its next batch. */
export async function cancelRebuild(db: Db | Tx, name: string): Promise<boolean> {
  const result = await db.updateTable('projection_checkpoints')
    .set({
      status: 'live', rebuild_total: null, rebuild_done: null, rebuild_last_xid: null, rebuild_last_position: null, rebuild_started_at: null, rebuild_finished_at: null,
      last_error: REBUILD_CANCELLED, last_error_position: null, last_error_at: new Date(), updated_at: new Date(),
    })
    .where('name', '=', name).where('status', 'in', ['rebuilding', 'rebuild_requested'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const REBUILD_CANCELLED = 'rebuild cancelled by an admin; the live read model was kept';

export { LOG_START };
