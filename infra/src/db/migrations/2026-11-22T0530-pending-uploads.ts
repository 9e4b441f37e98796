import { sql, type Kysely } from 'kysely';

/** Uploads signed by a preflight and not yet turned into a track: they count against the quota until then. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pending_uploads (
      key text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      filesize bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX pending_uploads_user ON pending_uploads (user_id)`.execute(db);
  await sql`CREATE INDEX pending_uploads_expiry ON pending_uploads (expires_at)`.execute(db);
}
