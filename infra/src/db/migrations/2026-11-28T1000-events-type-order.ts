import { sql, type Kysely } from 'kysely';

/**
 * Each event type's events in log order (the order of transaction_id, global_position), so a
 * rebuild of a read model that handles rare types reads them as index ranges instead of walking
 * the whole log and filtering on each row's type. `events_type` stays: the inspector's type filter
 * pages newest first on the global position alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX events_type_order ON events (type, transaction_id, global_position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX events_type_order`.execute(db);
}
