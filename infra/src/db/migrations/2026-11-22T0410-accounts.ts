import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text NOT NULL,
      username text NOT NULL,
      slug text NOT NULL,
      display_name text,
      password_hash text NOT NULL,
      role text NOT NULL DEFAULT 'member',
      tier text NOT NULL DEFAULT 'free',
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_ci ON users (lower(email))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_username_ci ON users (lower(username))`.execute(db);

  await sql`
    CREATE TABLE invites (
      id uuid PRIMARY KEY,
      key text NOT NULL UNIQUE,
      inviter_id uuid NOT NULL REFERENCES users(id),
      access_request_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz,
      used_by_id uuid REFERENCES users(id),
      deleted_at timestamptz,
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX invites_inviter ON invites (inviter_id) WHERE deleted_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE access_requests (
      id uuid PRIMARY KEY,
      email text NOT NULL,
      url text NOT NULL,
      message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      invite_id uuid
    )`.execute(db);

  await sql`
    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY,
      family_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id),
      token_hash text NOT NULL UNIQUE,
      remember boolean NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`.execute(db);

  await sql`
    CREATE TABLE one_time_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      purpose text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      key text PRIMARY KEY,
      failures integer NOT NULL,
      window_started_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE dev_mail (
      id bigserial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      link text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`CREATE TABLE stats_counters (key text PRIMARY KEY, value bigint NOT NULL DEFAULT 0)`.execute(db);
}
