import { sql, type Kysely } from 'kysely';

/**
 * Read models of the social core: members' libraries, collections with their tracks and
 * followers, and timestamped comments. All are inline (a save, a follow or a comment shows at
 * once) and rebuilt from the log. Rows keep no foreign key to `tracks`: a deleted track's rows are
 * left for the log to explain and every read joins `tracks`, so they never show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Trigram indexes serve `ILIKE '%…%'` searches on Postgres and on PGlite alike.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  // Ids are taken before the first append (the stream id is `collection-{id}`, `comment-{id}`).
  await sql`CREATE SEQUENCE collection_id_seq AS bigint START 1`.execute(db);
  await sql`CREATE SEQUENCE comment_id_seq AS bigint START 1`.execute(db);

  await sql`
    CREATE TABLE library_entries (
      user_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      track_id bigint NOT NULL,
      saved_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, track_id)
    )`.execute(db);
  await sql`CREATE INDEX library_entries_user ON library_entries (user_id, saved_at DESC, track_id DESC)`.execute(db);
  await sql`CREATE INDEX library_entries_track ON library_entries (track_id, saved_at DESC)`.execute(db);
  await sql`
    CREATE TABLE track_save_counts (
      track_id bigint PRIMARY KEY,
      saved_by_count integer NOT NULL CHECK (saved_by_count >= 0)
    )`.execute(db);

  await sql`
    CREATE TABLE collections (
      id bigint PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      name text NOT NULL,
      slug text NOT NULL,
      description text,
      visibility text NOT NULL CHECK (visibility IN ('public', 'unlisted', 'private')),
      artwork_key text,
      artwork_mimetype text,
      followers_count integer NOT NULL DEFAULT 0 CHECK (followers_count >= 0),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX collections_user ON collections (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX collections_listed ON collections (created_at DESC) WHERE visibility = 'public'`.execute(db);
  await sql`CREATE INDEX collections_name_trgm ON collections USING gin (name gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX collections_description_trgm ON collections USING gin (description gin_trgm_ops)`.execute(db);
  await sql`
    CREATE TABLE collection_tracks (
      collection_id bigint NOT NULL REFERENCES collections(id) DEFERRABLE INITIALLY IMMEDIATE,
      track_id bigint NOT NULL,
      position bigint NOT NULL,
      added_at timestamptz NOT NULL,
      PRIMARY KEY (collection_id, track_id)
    )`.execute(db);
  await sql`CREATE INDEX collection_tracks_order ON collection_tracks (collection_id, position)`.execute(db);
  await sql`CREATE INDEX collection_tracks_track ON collection_tracks (track_id, collection_id)`.execute(db);
  await sql`
    CREATE TABLE collection_follows (
      collection_id bigint NOT NULL REFERENCES collections(id) DEFERRABLE INITIALLY IMMEDIATE,
      user_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      followed_at timestamptz NOT NULL,
      PRIMARY KEY (collection_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX collection_follows_user ON collection_follows (user_id, followed_at DESC)`.execute(db);

  await sql`
    CREATE TABLE comments (
      id bigint PRIMARY KEY,
      track_id bigint NOT NULL,
      author_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      parent_id bigint REFERENCES comments(id) DEFERRABLE INITIALLY IMMEDIATE,
      text text NOT NULL,
      track_timestamp integer NOT NULL CHECK (track_timestamp >= 0),
      reply_count integer NOT NULL DEFAULT 0 CHECK (reply_count >= 0),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      edited_at timestamptz,
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX comments_track ON comments (track_id, track_timestamp, id) WHERE parent_id IS NULL`.execute(db);
  await sql`CREATE INDEX comments_replies ON comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX comments_author ON comments (author_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE track_comment_counts (
      track_id bigint PRIMARY KEY,
      comment_count integer NOT NULL CHECK (comment_count >= 0)
    )`.execute(db);
}
