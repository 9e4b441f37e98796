import { sql, type Kysely } from 'kysely';

/**
 * Members' notifications. `notifications` is the async read model of the events that notify
 * someone (a comment, a reply, a save, a follow, a subscription): one row per notification, keyed
 * by the causing event's id, and read newest first per member. It keeps ids of what it is about,
 * never copies, so a title, a comment's edit or a change of visibility shows at once.
 * Dismissals are events too; their inline read model answers at once what the member dismissed,
 * while the async model catches up and drops those rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id uuid PRIMARY KEY,
      recipient_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      action text NOT NULL CHECK (action IN ('comment', 'comment_reply', 'save_track', 'follow_collection', 'subscribe')),
      actor_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      track_id bigint,
      comment_id bigint,
      thread_id bigint,
      collection_id bigint,
      source_position bigint NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX notifications_recipient ON notifications (recipient_id, source_position DESC)`.execute(db);
  // What deleting a track, a comment or a collection takes with it.
  await sql`CREATE INDEX notifications_track ON notifications (track_id) WHERE track_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX notifications_comment ON notifications (comment_id) WHERE comment_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX notifications_thread ON notifications (thread_id) WHERE thread_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX notifications_collection ON notifications (collection_id) WHERE collection_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE notification_dismissals (
      user_id uuid NOT NULL REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      notification_id uuid NOT NULL,
      PRIMARY KEY (user_id, notification_id)
    )`.execute(db);
  await sql`
    CREATE TABLE notification_clears (
      user_id uuid PRIMARY KEY REFERENCES users(id) DEFERRABLE INITIALLY IMMEDIATE,
      through_position bigint NOT NULL
    )`.execute(db);
}
