import { sql, type Kysely } from 'kysely';

/**
 * Listen along: a chat message may carry a shared track. No foreign key: the track may be deleted
 * later, and the message then shows that its track is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chat_messages ADD COLUMN shared_track_id bigint`.execute(db);
}
