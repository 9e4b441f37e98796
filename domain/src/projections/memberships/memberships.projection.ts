import type { MembershipEvent } from '@stardeck/contracts';
import { defineProjection } from '../../kit/projection';

/**
 * Each member's Stripe customer and latest subscription into `memberships`, inline: the billing
 * portal needs the customer id right after checkout, and a webhook for a subscription without our
 * metadata finds its member by customer id.
 */
export const membershipsProjection = defineProjection<MembershipEvent['type']>({
  name: 'memberships',
  kind: 'inline',
  tables: ['memberships'],
  handlers: {
    async SubscriptionSynced(event, tx) {
      const d = event.data;
      const row = { customer_id: d.customer_id, subscription_id: d.subscription_id, status: d.status, plan: d.plan, updated_at: event.recorded_at };
      await tx.insertInto('memberships').values({ user_id: d.user_id, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row)).execute();
    },
  },
});
