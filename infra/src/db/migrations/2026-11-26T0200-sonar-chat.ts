import { sql, type Kysely } from 'kysely';

/**
 * Sonar's room history: the inline read model of chat message events, one row per message (enter
 * and leave notices included), read newest first per room. A deleted message keeps its row and id.
 * `socket_io_attachments` is where the Socket.IO Postgres adapter parks broadcasts too large for a
 * NOTIFY payload (a 4096-character message can be); the adapter deletes old rows itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE chat_message_id_seq AS bigint START 1`.execute(db);
  await sql`
    CREATE TABLE chat_messages (
      id bigint PRIMARY KEY,
      room_id text NOT NULL,
      author_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      content text NOT NULL,
      reply_to_id bigint,
      system_kind text CHECK (system_kind IN ('entered', 'left')),
      created_at timestamptz NOT NULL,
      edited_at timestamptz,
      deleted_at timestamptz,
      deleted_by uuid,
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX chat_messages_room ON chat_messages (room_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE IF NOT EXISTS socket_io_attachments (
      id bigserial UNIQUE,
      created_at timestamptz DEFAULT now(),
      payload bytea
    )`.execute(db);
}
