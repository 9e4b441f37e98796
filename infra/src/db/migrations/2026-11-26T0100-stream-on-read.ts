import { sql, type Kysely } from 'kysely';

/**
 * Members' streams are read from the subscriptions, collection follows and collection tracks
 * themselves (inline read models, current the moment an upload or an add commits), so the async
 * fan-out table and its projection's checkpoint go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stream_entries`.execute(db);
  await sql`DELETE FROM projection_checkpoints WHERE name = 'stream'`.execute(db);
}
