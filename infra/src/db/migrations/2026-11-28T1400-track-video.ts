import { sql, type Kysely } from 'kysely';

/**
 * A video track's rendition and poster (TrackTranscoded's `video`), null for audio tracks and for
 * every track transcoded before video uploads existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tracks ADD COLUMN video jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tracks DROP COLUMN video`.execute(db);
}
