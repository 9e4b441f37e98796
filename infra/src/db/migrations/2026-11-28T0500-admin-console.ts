import { sql, type Kysely } from 'kysely';

/**
 * The admin console: the event inspector's filters each read one index, newest first (category,
 * correlation id, causation id, time); the waitlist remembers a declined request; contact messages
 * remember being read; the overview finds unfinished transcodes without scanning every track.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX events_category ON events ((split_part(stream_id, '-', 1)), global_position)`.execute(db);
  await sql`CREATE INDEX events_correlation ON events ((metadata->>'correlation_id'), global_position)`.execute(db);
  await sql`CREATE INDEX events_causation ON events ((metadata->>'causation_id'), global_position)`.execute(db);
  await sql`CREATE INDEX events_recorded_at ON events (recorded_at)`.execute(db);
  await sql`ALTER TABLE access_requests ADD COLUMN declined_at timestamptz`.execute(db);
  await sql`ALTER TABLE contact_messages ADD COLUMN read_at timestamptz`.execute(db);
  await sql`CREATE INDEX contact_messages_unread ON contact_messages (created_at) WHERE read_at IS NULL`.execute(db);
  await sql`CREATE INDEX tracks_unfinished ON tracks (status, updated_at) WHERE status <> 'ready'`.execute(db);
}
