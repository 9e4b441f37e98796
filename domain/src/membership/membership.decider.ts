import type { MembershipEvent } from '@stardeck/contracts';
import type { Decider } from '../kit/decider';
import { supersedes, tierOfSubscriptions, type SubscriptionChange, type SubscriptionRecord } from './stripe-subscription';

export type MembershipCommand = { type: 'SyncSubscription'; user_id: string; change: SubscriptionChange };

export interface MembershipState {
  customer_id: string | null;
  subscriptions: Readonly<Record<string, SubscriptionRecord>>;
  /** Stripe event ids already applied: a redelivery changes nothing. */
  seen: readonly string[];
}

export type MembershipErrorCode = never;

/** The tier a membership pays for, from its state. */
export const tierOfMembership = (state: MembershipState) => tierOfSubscriptions(Object.values(state.subscriptions));

/**
 * A member's paid membership (`membership-{userId}`): their Stripe subscriptions as the webhook
 * reports them. Redelivered events and events older than what a subscription already shows record
 * nothing, so Stripe's retries and out-of-order deliveries leave the state as the newest event says.
 */
export const membershipDecider: Decider<MembershipCommand, MembershipEvent, MembershipState, MembershipErrorCode> = {
  initialState: () => ({ customer_id: null, subscriptions: {}, seen: [] }),

  decide(command, state) {
    const { change } = command;
    if (state.seen.includes(change.stripe_event_id)) return [];
    if (!supersedes(change, state.subscriptions[change.subscription_id])) return [];
    return [{
      type: 'SubscriptionSynced',
      data: {
        user_id: command.user_id, stripe_event_id: change.stripe_event_id, subscription_id: change.subscription_id, customer_id: change.customer_id,
        status: change.status, plan: change.plan ?? state.subscriptions[change.subscription_id]?.plan ?? null, event_created: change.event_created,
      },
    }];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'SubscriptionSynced': {
        const d = event.data;
        return {
          customer_id: d.customer_id,
          subscriptions: { ...state.subscriptions, [d.subscription_id]: { status: d.status, plan: d.plan, event_created: d.event_created } },
          seen: [...state.seen, d.stripe_event_id],
        };
      }
      default: {
        const unknown: never = event.type;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
