import type { Database, Tx } from '@stardeck/infra';
import { sql } from 'kysely';

type TableName = keyof Database & string;

/**
 * Set-based writes for a projection's applyMany: each is one statement whatever the number of
 * rows, the rows travelling as one JSON parameter that Postgres turns into rows of the table's own
 * type (so column types come from the table, and the statement's text never changes).
 */
const rowsOf = (table: TableName, rows: readonly object[]) =>
  sql`jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`;

/** Inserts the rows (only the columns named); `onConflict` is the statement's conflict clause. */
export async function insertRows(tx: Tx, table: TableName, columns: readonly string[], rows: readonly object[], onConflict = sql``): Promise<void> {
  if (rows.length === 0) return;
  const cols = sql.join(columns.map((c) => sql.id(c)));
  await sql`insert into ${sql.table(table)} (${cols}) select ${cols} from ${rowsOf(table, rows)} ${onConflict}`.execute(tx);
}

/** Deletes the rows whose `column` is one of `values`. */
export async function deleteWhereIn(tx: Tx, table: TableName, column: string, values: readonly (string | number)[]): Promise<void> {
  if (values.length === 0) return;
  await sql`delete from ${sql.table(table)} where ${sql.id(column)} in (select (x #>> '{}')::${sql.raw(columnType(values))} from jsonb_array_elements(${JSON.stringify(values)}::jsonb) as x)`.execute(tx);
}

const columnType = (values: readonly (string | number)[]) => (typeof values[0] === 'number' ? 'bigint' : 'text');

/**
 * Sets the named columns of the rows matched by `key`, each row to its own values: rows that set
 * the same columns go in one statement.
 */
export async function updateRows(tx: Tx, table: TableName, key: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  const byShape = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const shape = Object.keys(row).filter((k) => k !== key).sort().join(',');
    if (shape === '') continue;
    byShape.set(shape, [...(byShape.get(shape) ?? []), row]);
  }
  for (const [shape, group] of byShape) {
    const columns = shape.split(',');
    const sets = sql.join(columns.map((c) => sql`${sql.id(c)} = v.${sql.id(c)}`));
    await sql`update ${sql.table(table)} as t set ${sets} from ${rowsOf(table, group)} as v where t.${sql.id(key)} = v.${sql.id(key)}`.execute(tx);
  }
}
