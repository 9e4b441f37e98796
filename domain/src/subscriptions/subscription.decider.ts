import type { SubscriptionEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

/** Commands on one (subscriber, subject) pair's stream. */
export type SubscriptionCommand =
  | { type: 'Subscribe'; subscriber_id: string; subject_id: string }
  | { type: 'Unsubscribe'; subscriber_id: string; subject_id: string };

export interface SubscriptionState {
  subscribed: boolean;
}

export const SubscriptionErrors = {
  self: 'self_subscription',
} as const;
export type SubscriptionErrorCode = (typeof SubscriptionErrors)[keyof typeof SubscriptionErrors];

/**
 * Whether one member follows another. Subscribing twice or unsubscribing when not subscribed
 * appends nothing (the client may repeat a click); nobody follows themselves.
 */
export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState, SubscriptionErrorCode> = {
  initialState: () => ({ subscribed: false }),

  decide(command, state) {
    if (command.subscriber_id === command.subject_id) return new DomainError(SubscriptionErrors.self, 'Nobody subscribes to themselves');
    const data = { subscriber_id: command.subscriber_id, subject_id: command.subject_id };
    switch (command.type) {
      case 'Subscribe':
        return state.subscribed ? [] : [{ type: 'UserSubscribed', data }];
      case 'Unsubscribe':
        return state.subscribed ? [{ type: 'UserUnsubscribed', data }] : [];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserSubscribed':
        return { subscribed: true };
      case 'UserUnsubscribed':
        return { subscribed: false };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
