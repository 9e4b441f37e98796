import type { SubscriptionEvent } from '@stardeck/contracts';
import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { defineProjection } from '../../kit/projection';

async function count(tx: Tx, userId: string, column: 'subscribers' | 'subscriptions', delta: 1 | -1): Promise<void> {
  await tx.insertInto('subscription_counts').values({ user_id: userId, subscribers: 0, subscriptions: 0, [column]: Math.max(delta, 0) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: sql`greatest(subscription_counts.${sql.ref(column)} + ${delta}, 0)` }))
    .execute();
}

/**
 * Subscription streams into `subscriptions` and the per-member counts, inline: after subscribing
 * the client reloads the profile and the subscriber lists at once (spec §4), and they must
 * already show the change.
 */
export const subscriptionsProjection = defineProjection<SubscriptionEvent['type']>({
  name: 'subscriptions',
  kind: 'inline',
  tables: ['subscriptions', 'subscription_counts'],
  handlers: {
    async UserSubscribed(event, tx) {
      const { subscriber_id, subject_id } = event.data;
      await tx.insertInto('subscriptions').values({ subscriber_id, subject_id, subscribed_at: event.recorded_at }).execute();
      await count(tx, subject_id, 'subscribers', 1);
      await count(tx, subscriber_id, 'subscriptions', 1);
    },
    async UserUnsubscribed(event, tx) {
      const { subscriber_id, subject_id } = event.data;
      await tx.deleteFrom('subscriptions').where('subscriber_id', '=', subscriber_id).where('subject_id', '=', subject_id).execute();
      await count(tx, subject_id, 'subscribers', -1);
      await count(tx, subscriber_id, 'subscriptions', -1);
    },
  },
});
