import { sql, type Kysely } from 'kysely';

/**
 * `member_message_counts`: how many direct messages wait for each member, across all their
 * conversations, kept by the conversations projection in the same transaction as the messages.
 * The header's unread badge and every `me` read it by key instead of adding up a member's
 * conversations. Filled here from what the conversations already hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_message_counts (
      user_id uuid PRIMARY KEY REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      unread_count integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    INSERT INTO member_message_counts (user_id, unread_count)
    SELECT user_id, sum(unread_count)::int FROM conversation_members GROUP BY user_id HAVING sum(unread_count) > 0`.execute(db);
}
