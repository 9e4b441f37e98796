import { sql, type Kysely } from 'kysely';

/**
 * Mail goes out from a log-following outbox. It records every event it has sent mail for, so a
 * replay or a rebuild sends nothing twice, and ties each link's token to the mail event it was
 * made for, so retries of one mail never pile up tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outbox_deliveries (
      outbox text NOT NULL,
      event_id uuid NOT NULL,
      delivered_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (outbox, event_id)
    )`.execute(db);
  await sql`ALTER TABLE one_time_tokens ADD COLUMN mail_event_id uuid`.execute(db);
  await sql`CREATE INDEX one_time_tokens_mail_event ON one_time_tokens (mail_event_id) WHERE mail_event_id IS NOT NULL`.execute(db);
  // Mail for the events already in the log went out when they were written, before the outbox.
  await sql`
    INSERT INTO outbox_deliveries (outbox, event_id)
    SELECT 'account_mail', event_id FROM events WHERE type IN ('AccountRegistered', 'AccessRequestInvited')`.execute(db);
}
