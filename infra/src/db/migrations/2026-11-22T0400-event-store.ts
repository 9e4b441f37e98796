import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      global_position bigserial PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      stream_version integer NOT NULL,
      type text NOT NULL,
      schema_version integer NOT NULL DEFAULT 1,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      event_id uuid NOT NULL UNIQUE,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, stream_version)
    )`.execute(db);
  await sql`CREATE INDEX events_tx_order ON events (transaction_id, global_position)`.execute(db);
  await sql`CREATE INDEX events_type ON events (type, global_position)`.execute(db);
  await sql`CREATE INDEX events_actor ON events ((metadata->>'actor'), global_position)`.execute(db);
  // Events are immutable: the log refuses updates and deletes outright.
  await sql`
    CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'events are append-only'; END $$`.execute(db);
  await sql`
    CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_are_immutable()`.execute(db);

  await sql`
    CREATE TABLE relay_state (
      id integer PRIMARY KEY,
      last_xid xid8 NOT NULL,
      last_position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE projection_checkpoints (
      name text PRIMARY KEY,
      last_xid xid8 NOT NULL DEFAULT '0',
      last_position bigint NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'live',
      rebuild_total bigint,
      rebuild_done bigint,
      owner text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
