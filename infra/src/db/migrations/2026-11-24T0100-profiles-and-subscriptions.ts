import { sql, type Kysely } from 'kysely';

/**
 * Profiles leave the accounts model: display name and settings move to `profiles`, the read model
 * of profile streams, beside bio, links, avatar and banner. Subscriptions get their read model and
 * counters, and members their last-seen time. Member search uses trigram indexes (pg_trgm ships
 * with Postgres and with PGlite), so a substring search never scans the table. They are GiST:
 * the planner's cost estimate of a GIN trigram search is so high that it scans tables of a few
 * thousand members instead, and GiST is also the cheaper of the two to keep up to date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE profiles (
      user_id uuid PRIMARY KEY REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      display_name text,
      bio text,
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      links jsonb NOT NULL DEFAULT '[]'::jsonb,
      avatar_key text,
      avatar_mimetype text,
      banner_key text,
      banner_mimetype text,
      version integer NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO profiles (user_id, display_name, config, version)
    SELECT id, display_name, config, 0 FROM users WHERE display_name IS NOT NULL OR config <> '{}'::jsonb`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN display_name, DROP COLUMN config`.execute(db);
  await sql`CREATE INDEX users_username_trgm ON users USING gist (username gist_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_created ON users (created_at DESC)`.execute(db);
  await sql`CREATE INDEX profiles_display_name_trgm ON profiles USING gist (display_name gist_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE subscriptions (
      subscriber_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      subject_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      subscribed_at timestamptz NOT NULL,
      PRIMARY KEY (subscriber_id, subject_id)
    )`.execute(db);
  await sql`CREATE INDEX subscriptions_subject ON subscriptions (subject_id, subscribed_at DESC)`.execute(db);
  await sql`CREATE INDEX subscriptions_subscriber ON subscriptions (subscriber_id, subscribed_at DESC)`.execute(db);
  await sql`
    CREATE TABLE subscription_counts (
      user_id uuid PRIMARY KEY REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      subscribers integer NOT NULL DEFAULT 0,
      subscriptions integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE member_presence (
      user_id uuid PRIMARY KEY REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      last_seen_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX member_presence_seen ON member_presence (last_seen_at DESC)`.execute(db);
}
