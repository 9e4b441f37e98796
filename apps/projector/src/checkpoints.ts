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
    .select(['name', 'last_position', sql<string>`last_xid::text`.as('last_xid'), 'status', 'rebuild_total', 'rebuild_done', 'owner', 'updated_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    cursor: { xid: row.last_xid, position: row.last_position },
    status: row.status,
    rebuild_total: row.rebuild_total,
    rebuild_done: row.rebuild_done,
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

export { LOG_START };
