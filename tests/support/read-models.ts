import { ASYNC_PROJECTIONS, INLINE_PROJECTIONS, type Projection } from '@stardeck/domain';
import type { Db } from '@stardeck/infra';
import type { ProjectionAdmin } from '@stardeck/projector';

/** Every read model the log feeds: inline ones (written with their events) and async ones. */
export const READ_MODELS: readonly Projection[] = [...INLINE_PROJECTIONS, ...ASYNC_PROJECTIONS];

export type Row = Record<string, unknown>;

/**
 * Every row of every table of a projection, as JSON values (timestamps as ISO strings) in a
 * fixed order, so two readings compare row for row whatever order the database returned.
 */
export async function rowsOf(db: Db, projection: Projection): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = {};
  for (const table of projection.tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const plain = rows.map((row) => JSON.parse(JSON.stringify(row)) as Row);
    tables[table] = plain.map((row) => [JSON.stringify(row), row] as const).sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  }
  return tables;
}

/** True once every async read model is live and has applied every event of the log. */
export async function allCaughtUp(admin: ProjectionAdmin): Promise<boolean> {
  const statuses = await admin.status();
  return statuses.filter((s) => s.kind === 'async').every((s) => s.status === 'live' && s.lag === 0);
}

/**
 * Empties the read model and replays the log into it: inline ones here, in one transaction;
 * async ones by the projector process that owns them, which this waits for.
 */
export async function rebuild(admin: ProjectionAdmin, projection: Projection): Promise<void> {
  const outcome = await admin.rebuild(projection.name);
  if (outcome.ran === 'owner') await admin.waitUntilLive(projection.name);
}
