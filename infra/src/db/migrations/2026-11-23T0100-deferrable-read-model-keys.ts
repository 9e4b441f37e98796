import { sql, type Kysely } from 'kysely';

/**
 * Foreign keys that point at a read model are deferrable, so the read model can be emptied and
 * replayed from the log in one transaction (the rows come back with the same ids) while other
 * tables still refer to it. New tables that refer to a read model declare their keys
 * `DEFERRABLE INITIALLY IMMEDIATE` the same way.
 */
const KEYS = [
  ['invites', 'invites_inviter_id_fkey'],
  ['invites', 'invites_used_by_id_fkey'],
  ['refresh_tokens', 'refresh_tokens_user_id_fkey'],
  ['one_time_tokens', 'one_time_tokens_user_id_fkey'],
  ['tracks', 'tracks_user_id_fkey'],
  ['pending_uploads', 'pending_uploads_user_id_fkey'],
  ['track_tags', 'track_tags_track_id_fkey'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, key] of KEYS) {
    await sql`ALTER TABLE ${sql.table(table)} ALTER CONSTRAINT ${sql.ref(key)} DEFERRABLE INITIALLY IMMEDIATE`.execute(db);
  }
}
