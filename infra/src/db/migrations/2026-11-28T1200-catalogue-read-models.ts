import { sql, type Kysely } from 'kysely';

/**
 * Read models that keep what the catalogue's hot reads used to add up on every request, each
 * filled here from what is already projected so it equals what a rebuild from the log makes.
 *
 * - `track_waveforms`: the full-resolution waveform, out of the hot `tracks` table (only its own
 *   route reads it; lists carry `list_peaks`). Written by the tracks projection.
 * - `member_track_counts`, `track_totals`: per member, their tracks, their listed ones and the bytes
 *   they store (what the quota counts); and the
 *   tracks listed to everyone, the total of the explore list. Written by the tracks projection, in
 *   the transaction that changes a track.
 * - `tag_usage_counts` (per tag: public tracks that did not fail, their distinct owners, and the
 *   listed ones), `tag_artist_counts` (per tag and owner), `tag_usage_artists` (per owner: public
 *   tagged tracks) and `tag_usage_totals` (owners with any): written by the tag usage projection,
 *   which now also follows whether a track is ready.
 * - `track_play_counts` gets an index in play order, for the explore list by plays; the tracks'
 *   list indexes take the id after the time, the lists' tie-break.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE track_waveforms (track_id bigint PRIMARY KEY REFERENCES tracks(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE, peaks text NOT NULL)`.execute(db);
  await sql`INSERT INTO track_waveforms (track_id, peaks) SELECT id, peaks FROM tracks WHERE peaks IS NOT NULL`.execute(db);
  await sql`ALTER TABLE tracks DROP COLUMN peaks`.execute(db);

  await sql`CREATE TABLE member_track_counts (user_id uuid PRIMARY KEY, tracks bigint NOT NULL, listed bigint NOT NULL, bytes bigint NOT NULL)`.execute(db);
  await sql`
    INSERT INTO member_track_counts (user_id, tracks, listed, bytes)
    SELECT user_id, count(*), count(*) FILTER (WHERE visibility = 'public' AND status = 'ready'),
      coalesce(sum(filesize + coalesce((
        SELECT sum((r.value->>'size')::bigint) FROM jsonb_each(tracks.renditions) AS r WHERE jsonb_typeof(r.value) = 'object'
      ), 0)) FILTER (WHERE status != 'failed'), 0)
    FROM tracks GROUP BY user_id`.execute(db);
  await sql`CREATE TABLE track_totals (key text PRIMARY KEY, value bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO track_totals (key, value) SELECT 'listed', count(*) FROM tracks WHERE visibility = 'public' AND status = 'ready' HAVING count(*) > 0`.execute(db);

  await sql`ALTER TABLE tag_usage_tracks ADD COLUMN ready boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE tag_usage_tracks u SET ready = true FROM tracks t WHERE t.id = u.track_id AND t.status = 'ready'`.execute(db);
  await sql`
    CREATE TABLE tag_usage_counts (
      tag_id bigint PRIMARY KEY,
      name_key text NOT NULL,
      usage_count bigint NOT NULL,
      unique_artists bigint NOT NULL,
      listed_count bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX tag_usage_counts_by_usage ON tag_usage_counts (usage_count DESC, name_key)`.execute(db);
  await sql`CREATE INDEX tag_usage_counts_by_name ON tag_usage_counts (name_key)`.execute(db);
  await sql`CREATE TABLE tag_artist_counts (tag_id bigint NOT NULL, user_id uuid NOT NULL, tracks bigint NOT NULL, PRIMARY KEY (tag_id, user_id))`.execute(db);
  await sql`CREATE TABLE tag_usage_artists (user_id uuid PRIMARY KEY, tracks bigint NOT NULL)`.execute(db);
  await sql`CREATE TABLE tag_usage_totals (key text PRIMARY KEY, value bigint NOT NULL)`.execute(db);
  await sql`
    INSERT INTO tag_artist_counts (tag_id, user_id, tracks)
    SELECT tag_id, user_id, count(*) FROM tag_usage_tracks, unnest(tag_ids) AS tag_id WHERE public AND NOT failed GROUP BY tag_id, user_id`.execute(db);
  await sql`
    INSERT INTO tag_usage_counts (tag_id, name_key, usage_count, unique_artists, listed_count)
    SELECT c.tag_id, lower(t.name), coalesce(a.usage_count, 0), coalesce(a.unique_artists, 0), coalesce(c.listed_count, 0)
    FROM (
      SELECT tag_id, count(*) FILTER (WHERE public AND ready) AS listed_count
      FROM tag_usage_tracks, unnest(tag_ids) AS tag_id WHERE (public AND NOT failed) OR (public AND ready) GROUP BY tag_id
    ) c
    JOIN tags t ON t.id = c.tag_id
    LEFT JOIN (SELECT tag_id, sum(tracks) AS usage_count, count(*) AS unique_artists FROM tag_artist_counts GROUP BY tag_id) a ON a.tag_id = c.tag_id`.execute(db);
  await sql`
    INSERT INTO tag_usage_artists (user_id, tracks)
    SELECT user_id, count(*) FROM tag_usage_tracks WHERE public AND NOT failed AND cardinality(tag_ids) > 0 GROUP BY user_id`.execute(db);
  await sql`INSERT INTO tag_usage_totals (key, value) SELECT 'unique_artists', count(*) FROM tag_usage_artists HAVING count(*) > 0`.execute(db);

  await sql`CREATE INDEX track_play_counts_by_plays ON track_play_counts (play_count DESC, track_id DESC)`.execute(db);

  // Lists order by time, then id: with the id in the index, tracks that share a time (an import,
  // a burst of uploads) come in order without sorting all of them.
  await sql`DROP INDEX tracks_listed`.execute(db);
  await sql`CREATE INDEX tracks_listed ON tracks (created_at DESC, id DESC) WHERE visibility = 'public' AND status = 'ready'`.execute(db);
  await sql`DROP INDEX tracks_user`.execute(db);
  await sql`CREATE INDEX tracks_user ON tracks (user_id, created_at DESC, id DESC)`.execute(db);
}
