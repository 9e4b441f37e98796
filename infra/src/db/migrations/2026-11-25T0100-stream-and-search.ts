import { sql, type Kysely } from 'kysely';

/**
 * The stream read model, track and collection search, and the order discover reads collections in.
 *
 * `stream_entries` is filled on write (fan-out): one row per member for each track that entered
 * their stream, through a subscription (an upload, `collection_id` null) or through a followed
 * collection (an add, `collection_id` set). A stream page is then one range of the member's rows,
 * newest first, whatever they follow. Rows keep no foreign keys, like the other read models that
 * point at tracks: every read joins `tracks` and the visibility rules.
 *
 * Track titles and descriptions get trigram indexes (pg_trgm ships with Postgres and PGlite), so
 * a substring search never reads every track. GiST, as for member names: the planner prices a
 * GIN trigram search so high that it prefers scanning a table of a few thousand rows, which is
 * what it did with the GIN indexes of collection names and descriptions; they become GiST too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stream_entries (
      member_id uuid NOT NULL,
      track_id bigint NOT NULL,
      collection_id bigint,
      owner_id uuid NOT NULL,
      entered_at timestamptz NOT NULL
    )`.execute(db);
  // One row per way a track reached a member: its upload, and each followed collection holding it.
  await sql`CREATE UNIQUE INDEX stream_entries_key ON stream_entries (member_id, track_id, coalesce(collection_id, 0))`.execute(db);
  await sql`CREATE INDEX stream_entries_feed ON stream_entries (member_id, entered_at DESC, track_id DESC)`.execute(db);
  await sql`CREATE INDEX stream_entries_track ON stream_entries (track_id)`.execute(db);
  await sql`CREATE INDEX stream_entries_collection ON stream_entries (collection_id) WHERE collection_id IS NOT NULL`.execute(db);

  // Discover shows the public collection changed last.
  await sql`CREATE INDEX collections_listed_updated ON collections (updated_at DESC) WHERE visibility = 'public'`.execute(db);

  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX tracks_title_trgm ON tracks USING gist (title gist_trgm_ops)`.execute(db);
  await sql`CREATE INDEX tracks_description_trgm ON tracks USING gist (description gist_trgm_ops)`.execute(db);
  await sql`DROP INDEX collections_name_trgm`.execute(db);
  await sql`DROP INDEX collections_description_trgm`.execute(db);
  await sql`CREATE INDEX collections_name_trgm ON collections USING gist (name gist_trgm_ops)`.execute(db);
  await sql`CREATE INDEX collections_description_trgm ON collections USING gist (description gist_trgm_ops)`.execute(db);
}
