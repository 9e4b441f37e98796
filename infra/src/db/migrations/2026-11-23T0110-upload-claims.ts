import { sql, type Kysely } from 'kysely';

/**
 * A reservation a track has claimed stays until it expires: its signed URL may still write to the
 * upload key, and the sweeper then removes whatever was written there. Claimed ones count nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE pending_uploads ADD COLUMN claimed_at timestamptz`.execute(db);
}
