import { sql, type Kysely } from 'kysely';

/**
 * Contact messages for admins (inline read model of ContactMessageSent), and each member's paid
 * membership as the Stripe webhook last reported it (inline read model of SubscriptionSynced):
 * the customer id the billing portal needs, and the subscription's status and plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      contact_type text NOT NULL CHECK (contact_type IN ('support', 'feedback', 'issue')),
      email text NOT NULL,
      username text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX contact_messages_newest ON contact_messages (created_at DESC, id)`.execute(db);
  await sql`
    CREATE TABLE memberships (
      user_id uuid PRIMARY KEY,
      customer_id text NOT NULL,
      subscription_id text NOT NULL,
      status text NOT NULL,
      plan text,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX memberships_customer ON memberships (customer_id)`.execute(db);
}
