import { sql, type Kysely } from 'kysely';

/**
 * Rebuilds into shadow tables: a checkpoint row remembers how far the shadow copy has read
 * (separately from the live checkpoint, which keeps following the log), when the rebuild started
 * (for its rate and ETA), when the last one finished (its figures stay for the dashboard), and why
 * the last rebuild did not finish.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE projection_checkpoints
      ADD COLUMN rebuild_last_xid xid8,
      ADD COLUMN rebuild_last_position bigint,
      ADD COLUMN rebuild_started_at timestamptz,
      ADD COLUMN rebuild_finished_at timestamptz,
      ADD COLUMN last_error text,
      ADD COLUMN last_error_position bigint,
      ADD COLUMN last_error_at timestamptz`.execute(db);
}
