import type { Projection } from '@stardeck/domain';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';

/**
 * A rebuild's shadow copy of a read model: one schema per projection holding an empty table
 * `LIKE` each live one (columns, defaults, btree indexes; no foreign keys, so replay order never
 * trips one). The replay writes there while the live tables keep serving and following the log;
 * the swap then makes the live tables equal to the shadow in one short transaction.
 */
export function shadowSchema(projection: Pick<Projection, 'name'>): string {
  return `rebuild_${projection.name.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
}

/** Drops any shadow left by an earlier attempt and creates empty tables shaped like the live ones. */
export async function createShadow(db: Db, projection: Projection): Promise<void> {
  const schema = shadowSchema(projection);
  await db.transaction().execute(async (tx) => {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(tx);
    await sql`create schema ${sql.id(schema)}`.execute(tx);
    for (const table of projection.tables) {
      await sql`create table ${sql.id(schema, table)} (like ${sql.id('public', table)} including defaults including identity including generated)`.execute(tx);
      await copyLookupIndexes(tx, table, schema);
    }
    await copyKeysWithin(tx, projection, schema);
  });
}

/**
 * The shadow gets the live table's btree indexes: its keys (unique ones, which conflict clauses
 * and foreign keys need) and what the replay's own lookups may use. Search indexes (GiST and GIN,
 * for trigram and array matching) are left out: nothing searches the shadow, it is only merged
 * and dropped, and keeping them up to date was most of the cost of replaying into a large table
 * (each insert, and each update that moves a row, adds entries to every index).
 */
async function copyLookupIndexes(tx: Tx, table: string, schema: string): Promise<void> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
    where i.indrelid = ${`public.${table}`}::regclass and am.amname = 'btree'`.execute(tx);
  const on = new RegExp(` ON (public\\.)?"?${table}"? USING `);
  for (const { def } of rows) {
    if (!on.test(def)) throw new Error(`cannot copy an index of ${table} to the rebuild's shadow: ${def}`);
    await sql.raw(def.replace(on, ` ON "${schema}"."${table}" USING `)).execute(tx);
  }
}

/**
 * Foreign keys between the model's own tables come along (a deleted track takes its tag rows
 * with it, by cascade, in the shadow as in the live tables). Keys to other read models stay
 * behind: they are checked when the shadow is merged into the live tables.
 */
async function copyKeysWithin(tx: Tx, projection: Projection, schema: string): Promise<void> {
  const tables = [...projection.tables] as string[];
  const { rows } = await sql<{ name: string; tbl: string; refers: string; def: string }>`
    select c.conname as name, t.relname as tbl, r.relname as refers, pg_get_constraintdef(c.oid) as def
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
    join pg_class r on r.oid = c.confrelid
    where c.contype = 'f' and n.nspname = 'public' and t.relname = any(${tables}) and r.relname = any(${tables})`.execute(tx);
  for (const key of rows) {
    const references = new RegExp(`REFERENCES (public\\.)?"?${key.refers}"?\\(`);
    if (!references.test(key.def)) throw new Error(`cannot copy foreign key ${key.name} to the rebuild's shadow: ${key.def}`);
    const def = key.def.replace(references, `REFERENCES "${schema}"."${key.refers}"(`);
    await sql`alter table ${sql.id(schema, key.tbl)} add constraint ${sql.id(key.name)} ${sql.raw(def)}`.execute(tx);
  }
}

export async function dropShadow(db: Db | Tx, projection: Projection): Promise<void> {
  await sql`drop schema if exists ${sql.id(shadowSchema(projection))} cascade`.execute(db);
}

export async function shadowExists(db: Db | Tx, projection: Projection): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname = ${shadowSchema(projection)}`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Points the rest of the transaction at the shadow: the projection's own statements name its
 * tables unqualified, so they resolve to the shadow copies, and every other table (what it reads
 * of other read models) to the live one.
 */
export async function writeToShadow(tx: Tx, projection: Projection): Promise<void> {
  await sql`select set_config('search_path', ${`${shadowSchema(projection)}, public`}, true)`.execute(tx);
}

interface TableShape {
  columns: { name: string; comparable: string }[];
  key: string[];
  identityAlways: boolean;
}

async function shapeOf(tx: Tx, table: string): Promise<TableShape> {
  const { rows: columns } = await sql<{ name: string; type: string; identity: string }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attidentity as identity
    from pg_attribute a
    where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by a.attnum`.execute(tx);
  const { rows: key } = await sql<{ name: string }>`
    select a.attname as name
    from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${`public.${table}`}::regclass and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`.execute(tx);
  return {
    // json has no equality operator: its text is compared instead.
    columns: columns.map((c) => ({ name: c.name, comparable: c.type === 'json' ? 'text' : '' })),
    key: key.map((k) => k.name),
    identityAlways: columns.some((c) => c.identity === 'a'),
  };
}

/**
 * Makes each live table equal to its shadow copy, in the caller's transaction: deletes the rows
 * the shadow lacks, and inserts or updates only the rows that differ, so the transaction writes
 * (and readers wait for) nothing that was already right. Rows keep their identity, so foreign
 * keys from other tables stay valid; they are checked at commit (the caller defers them).
 */
export async function mergeShadow(tx: Tx, projection: Projection): Promise<{ table: string; changed: number }[]> {
  const schema = shadowSchema(projection);
  const changes: { table: string; changed: number }[] = [];
  for (const table of projection.tables) {
    const shape = await shapeOf(tx, table);
    const live = sql.id('public', table);
    const shadow = sql.id(schema, table);
    const cols = sql.join(shape.columns.map((c) => sql.id(c.name)));
    const overriding = shape.identityAlways ? sql`overriding system value` : sql``;
    if (shape.key.length === 0) {
      // Without a key there is no row identity to keep: replace the whole table.
      const deleted = await sql`delete from ${live}`.execute(tx);
      const inserted = await sql`insert into ${live} (${cols}) ${overriding} select ${cols} from ${shadow}`.execute(tx);
      changes.push({ table, changed: Number(deleted.numAffectedRows ?? 0n) + Number(inserted.numAffectedRows ?? 0n) });
      continue;
    }
    const keyMatch = sql.join(shape.key.map((k) => sql`s.${sql.id(k)} = l.${sql.id(k)}`), sql` and `);
    const deleted = await sql`delete from ${live} as l where not exists (select 1 from ${shadow} as s where ${keyMatch})`.execute(tx);
    const valueOf = (prefix: string, c: TableShape['columns'][number]) =>
      c.comparable ? sql`${sql.raw(prefix)}.${sql.id(c.name)}::${sql.raw(c.comparable)}` : sql`${sql.raw(prefix)}.${sql.id(c.name)}`;
    const others = shape.columns.filter((c) => !shape.key.includes(c.name));
    const update = others.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(others.map((c) => sql`${sql.id(c.name)} = excluded.${sql.id(c.name)}`))}
          where (${sql.join(others.map((c) => valueOf(`${table}`, c)))}) is distinct from (${sql.join(others.map((c) => valueOf('excluded', c)))})`;
    const upserted = await sql`
      insert into ${live} as ${sql.id(table)} (${cols}) ${overriding}
      select ${cols} from ${shadow}
      on conflict (${sql.join(shape.key.map((k) => sql.id(k)))}) ${update}`.execute(tx);
    changes.push({ table, changed: Number(deleted.numAffectedRows ?? 0n) + Number(upserted.numAffectedRows ?? 0n) });
  }
  return changes;
}

/** Holds writers of the live tables off until the transaction ends; readers go on reading. */
export async function lockLiveTables(tx: Tx, projection: Projection): Promise<void> {
  if (projection.tables.length === 0) return;
  await sql`lock table ${sql.join(projection.tables.map((t) => sql.id('public', t)))} in exclusive mode`.execute(tx);
}
