import { sql, type Kysely } from 'kysely';

/**
 * Direct messages and news, the inline read models of their events.
 * - `conversations`: one row per pair of members; `conversation_members` one row per member of
 *   it, holding what their list shows (when it last moved, how many messages wait for them), so a
 *   member's list is one index range.
 * - `direct_messages`: every message, read newest first per conversation.
 * - `news_posts`: every post that is not deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE direct_message_id_seq AS bigint START 1`.execute(db);
  await sql`CREATE SEQUENCE news_post_id_seq AS bigint START 1`.execute(db);
  await sql`
    CREATE TABLE conversations (
      id uuid PRIMARY KEY,
      created_at timestamptz NOT NULL,
      last_message_id bigint,
      last_message_at timestamptz NOT NULL,
      version integer NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE conversation_members (
      conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
      user_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      other_user_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      last_message_at timestamptz NOT NULL,
      last_read_message_id bigint NOT NULL DEFAULT 0,
      unread_count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (conversation_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX conversation_members_list ON conversation_members (user_id, last_message_at DESC, conversation_id)`.execute(db);
  await sql`CREATE UNIQUE INDEX conversation_members_pair ON conversation_members (user_id, other_user_id)`.execute(db);
  await sql`
    CREATE TABLE direct_messages (
      id bigint PRIMARY KEY,
      conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE,
      sender_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      content text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX direct_messages_conversation ON direct_messages (conversation_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE news_posts (
      id bigint PRIMARY KEY,
      author_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      title text NOT NULL,
      content text NOT NULL,
      status text NOT NULL CHECK (status IN ('draft', 'published')),
      visibility text NOT NULL CHECK (visibility IN ('public', 'private')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      published_at timestamptz,
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX news_posts_listed ON news_posts (created_at DESC) WHERE status = 'published' AND visibility = 'public'`.execute(db);
}
