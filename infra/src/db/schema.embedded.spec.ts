import { join } from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { connectPglite } from './connect';
import { migrateToLatest } from './migrate';

const SCHEMA_FILE = join(__dirname, 'schema.ts');
/** Kysely's own bookkeeping tables, which no query of ours reads. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** table → column → nullable */
type Columns = Map<string, Map<string, boolean>>;

/**
 * The tables and columns `Database` in schema.ts declares, as the compiler sees them. A column is
 * nullable when what a select returns can be null (the first type of a `ColumnType`).
 */
function declaredColumns(): { columns: Columns; diagnostics: string[] } {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const source = program.getSourceFile(SCHEMA_FILE)!;
  // An unresolved import would turn column types into `any` and hide every difference.
  const diagnostics = ts.getPreEmitDiagnostics(program, source).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const checker = program.getTypeChecker();
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error('schema.ts declares no Database interface');
  const columns: Columns = new Map();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const byName = new Map<string, boolean>();
    for (const column of checker.getTypeOfSymbolAtLocation(table, database).getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, database);
      const select = type.getProperty('__select__');
      if (select) type = checker.getTypeOfSymbolAtLocation(select, database);
      const parts = type.isUnion() ? type.types : [type];
      byName.set(column.name, parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0));
    }
    columns.set(table.name, byName);
  }
  return { columns, diagnostics };
}

/** The tables and columns of a freshly migrated database. */
async function migratedColumns(): Promise<Columns> {
  const handle = await connectPglite(null);
  try {
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
      select c.table_name, c.column_name, c.is_nullable
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    `.execute(handle.db);
    const columns: Columns = new Map();
    for (const row of rows) {
      if (MIGRATOR_TABLES.includes(row.table_name)) continue;
      if (!columns.has(row.table_name)) columns.set(row.table_name, new Map());
      columns.get(row.table_name)!.set(row.column_name, row.is_nullable === 'YES');
    }
    return columns;
  } finally {
    await handle.close();
  }
}

/** Every disagreement, one sentence each. */
function differences(migrated: Columns, declared: Columns): string[] {
  const found: string[] = [];
  for (const [table, columns] of migrated) {
    const typed = declared.get(table);
    if (!typed) {
      found.push(`table ${table} is in the database but missing from Database in schema.ts`);
      continue;
    }
    for (const [column, nullable] of columns) {
      if (!typed.has(column)) found.push(`${table}.${column} is in the database but missing from schema.ts`);
      else if (typed.get(column) !== nullable) found.push(`${table}.${column} is ${nullable ? 'nullable' : 'not null'} in the database but ${typed.get(column) ? 'nullable' : 'not null'} in schema.ts`);
    }
    for (const column of typed.keys()) if (!columns.has(column)) found.push(`${table}.${column} is declared but no migration creates it`);
  }
  for (const table of declared.keys()) if (!migrated.has(table)) found.push(`table ${table} is declared but no migration creates it`);
  return found;
}

describe('infra/src/db/schema.ts', () => {
  it('declares exactly the tables and columns the migrations create, with their nullability', async () => {
    const declared = declaredColumns();
    expect(declared.diagnostics).toEqual([]);
    const migrated = await migratedColumns();
    expect(migrated.size).toBeGreaterThan(0);
    expect(differences(migrated, declared.columns)).toEqual([]);
  });
});
