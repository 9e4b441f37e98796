import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Track ids are taken before the first append (the stream id is `track-{id}`), so they come
  // from a sequence rather than from the row insert.
  await sql`CREATE SEQUENCE track_id_seq AS bigint START 1`.execute(db);

  // Inline write model of track streams: checked at write time (ownership, quota, visibility).
  await sql`
    CREATE TABLE tracks (
      id bigint PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      title text NOT NULL,
      slug text NOT NULL,
      description text,
      visibility text NOT NULL CHECK (visibility IN ('public', 'unlisted', 'private')),
      status text NOT NULL CHECK (status IN ('processing', 'ready', 'failed')),
      failure_reason text,
      filename text NOT NULL,
      mimetype text NOT NULL,
      extension text NOT NULL,
      filesize bigint NOT NULL,
      source_key text NOT NULL UNIQUE,
      lossless boolean NOT NULL DEFAULT false,
      renditions jsonb,
      duration double precision,
      bitrate integer,
      peaks jsonb,
      peaks_key text,
      artwork_key text,
      artwork_mimetype text,
      parent_id bigint,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX tracks_user ON tracks (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX tracks_listed ON tracks (created_at DESC) WHERE visibility = 'public' AND status = 'ready'`.execute(db);
  await sql`CREATE INDEX tracks_title_ci ON tracks (lower(title))`.execute(db);

  // One row per case-insensitive name; ids are allocated here and carried in the track events.
  await sql`
    CREATE TABLE tags (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX tags_name_ci ON tags (lower(name))`.execute(db);
  await sql`
    CREATE TABLE track_tags (
      track_id bigint NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
      tag_id bigint NOT NULL REFERENCES tags(id),
      position smallint NOT NULL,
      PRIMARY KEY (track_id, tag_id)
    )`.execute(db);
  await sql`CREATE INDEX track_tags_tag ON track_tags (tag_id)`.execute(db);

  // Operational state, not a domain fact: how far the transcoder is with a track.
  await sql`
    CREATE TABLE transcode_progress (
      track_id bigint PRIMARY KEY,
      percent smallint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Async read models (apps/projector): dropped and rebuilt from the log.
  await sql`CREATE TABLE track_play_counts (track_id bigint PRIMARY KEY, play_count bigint NOT NULL DEFAULT 0)`.execute(db);
  await sql`
    CREATE TABLE listening_history (
      event_position bigint PRIMARY KEY,
      user_id uuid NOT NULL,
      track_id bigint NOT NULL,
      played_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX listening_history_user ON listening_history (user_id, played_at DESC)`.execute(db);
  await sql`
    CREATE TABLE tag_usage_tracks (
      track_id bigint PRIMARY KEY,
      user_id uuid NOT NULL,
      public boolean NOT NULL,
      failed boolean NOT NULL DEFAULT false,
      tag_ids bigint[] NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX tag_usage_tracks_tags ON tag_usage_tracks USING gin (tag_ids)`.execute(db);
}
