import { sql, type Kysely } from 'kysely';

/**
 * Albums: a member's releases of their own tracks, in order. `albums`, `album_tracks` and
 * `album_tags` are the inline read model of album streams (the owner's edits show at once, and the
 * ceiling on albums is counted in the creating transaction). As with collections, rows keep no
 * foreign key to `tracks`: a deleted track's rows stay for the log to explain, and every read joins
 * `tracks`, so it never shows. Notifications learn of a member's new album (`new_album`), named by
 * `album_id`, and the subscribers told are those of the moment the album was announced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Ids are taken before the first append (the stream id is `album-{id}`).
  await sql`CREATE SEQUENCE album_id_seq AS bigint START 1`.execute(db);
  await sql`
    CREATE TABLE albums (
      id bigint PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      title text NOT NULL,
      slug text NOT NULL,
      description text,
      release_date text NOT NULL,
      visibility text NOT NULL CHECK (visibility IN ('public', 'unlisted', 'private')),
      artwork_key text,
      artwork_mimetype text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX albums_user ON albums (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX albums_listed ON albums (created_at DESC, id DESC) WHERE visibility = 'public'`.execute(db);
  await sql`
    CREATE TABLE album_tracks (
      album_id bigint NOT NULL REFERENCES albums(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
      track_id bigint NOT NULL,
      track_number integer NOT NULL CHECK (track_number >= 1),
      PRIMARY KEY (album_id, track_id)
    )`.execute(db);
  await sql`CREATE INDEX album_tracks_order ON album_tracks (album_id, track_number)`.execute(db);
  await sql`CREATE INDEX album_tracks_track ON album_tracks (track_id, album_id)`.execute(db);
  await sql`
    CREATE TABLE album_tags (
      album_id bigint NOT NULL REFERENCES albums(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
      tag_id bigint NOT NULL,
      position integer NOT NULL,
      PRIMARY KEY (album_id, tag_id)
    )`.execute(db);
  await sql`CREATE INDEX album_tags_tag ON album_tags (tag_id, album_id)`.execute(db);

  await sql`ALTER TABLE notifications ADD COLUMN album_id bigint`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_action_check`.execute(db);
  await sql`
    ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
      CHECK (action IN ('comment', 'comment_reply', 'save_track', 'follow_collection', 'subscribe', 'new_album'))`.execute(db);
  await sql`CREATE INDEX notifications_album ON notifications (album_id) WHERE album_id IS NOT NULL`.execute(db);
  // The notifications model's own record of who subscribes to whom, as of the event it applies: a
  // new album tells the subscribers of that moment, in a rebuild as it did live.
  await sql`
    CREATE TABLE notification_audiences (
      subject_id uuid NOT NULL,
      subscriber_id uuid NOT NULL,
      PRIMARY KEY (subject_id, subscriber_id)
    )`.execute(db);
  await sql`INSERT INTO notification_audiences (subject_id, subscriber_id) SELECT subject_id, subscriber_id FROM subscriptions`.execute(db);
}
