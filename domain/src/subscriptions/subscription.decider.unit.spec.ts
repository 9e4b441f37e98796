import type { SubscriptionEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { SubscriptionErrors, subscriptionDecider } from './subscription.decider';

const given = deciderSpec(subscriptionDecider);
const pair = { subscriber_id: 'fan', subject_id: 'artist' };
const subscribed: SubscriptionEvent = { type: 'UserSubscribed', data: pair };
const unsubscribed: SubscriptionEvent = { type: 'UserUnsubscribed', data: pair };

describe('subscription decider', () => {
  it('subscribes once; subscribing again changes nothing', () => {
    given([]).when({ type: 'Subscribe', ...pair }).then([subscribed]);
    given([subscribed]).when({ type: 'Subscribe', ...pair }).thenNothing();
  });

  it('unsubscribes a subscriber; unsubscribing again changes nothing', () => {
    given([subscribed]).when({ type: 'Unsubscribe', ...pair }).then([unsubscribed]);
    given([subscribed, unsubscribed]).when({ type: 'Unsubscribe', ...pair }).thenNothing();
    given([]).when({ type: 'Unsubscribe', ...pair }).thenNothing();
  });

  it('subscribes again after unsubscribing', () => {
    given([subscribed, unsubscribed]).when({ type: 'Subscribe', ...pair }).then([subscribed]);
  });

  it('refuses a member subscribing to themselves', () => {
    given([]).when({ type: 'Subscribe', subscriber_id: 'artist', subject_id: 'artist' }).thenFails(SubscriptionErrors.self);
    given([]).when({ type: 'Unsubscribe', subscriber_id: 'artist', subject_id: 'artist' }).thenFails(SubscriptionErrors.self);
  });
});
