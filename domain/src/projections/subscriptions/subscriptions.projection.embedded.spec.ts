import { describe, it } from 'vitest';
import { projectionSpec, type SpecEvent } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { subscriptionsProjection } from './subscriptions.projection';

const given = projectionSpec(subscriptionsProjection, { alongside: [usersProjection] });

const [A, B, C] = ['a', 'b', 'c'].map((n) => `00000000-0000-4000-8000-00000000000${n}`) as [string, string, string];
const registered = (user_id: string): SpecEvent => ({
  type: 'AccountRegistered',
  data: { user_id, email: `${user_id}@example.com`, username: `u${user_id.slice(-1)}`, slug: `u${user_id.slice(-1)}`, password_hash: 'h', role: 'member', tier: 'free', invite_id: null },
});
const members = [registered(A), registered(B), registered(C)];
const subscribed = (subscriber_id: string, subject_id: string, at = '2026-02-01T00:00:00Z'): SpecEvent =>
  ({ type: 'UserSubscribed', data: { subscriber_id, subject_id }, recorded_at: new Date(at) });
const unsubscribed = (subscriber_id: string, subject_id: string): SpecEvent => ({ type: 'UserUnsubscribed', data: { subscriber_id, subject_id } });

describe('subscriptions projection', () => {
  it('records who follows whom, since the event', async () => {
    await given(...members, subscribed(A, B, '2026-02-03T10:00:00Z'), subscribed(C, B))
      .then('subscriptions', [
        { subscriber_id: A, subject_id: B, subscribed_at: new Date('2026-02-03T10:00:00Z') },
        { subscriber_id: C, subject_id: B, subscribed_at: new Date('2026-02-01T00:00:00Z') },
      ]);
  });

  it('counts subscribers and subscriptions of each member', async () => {
    await given(...members, subscribed(A, B), subscribed(C, B), subscribed(A, C))
      .then('subscription_counts', [
        { user_id: A, subscribers: 0, subscriptions: 2 },
        { user_id: B, subscribers: 2, subscriptions: 0 },
        { user_id: C, subscribers: 1, subscriptions: 1 },
      ]);
  });

  it('removes the row and lowers both counts on unsubscribe', async () => {
    const history = [...members, subscribed(A, B), subscribed(C, B), unsubscribed(A, B)];
    await given(...history).then('subscriptions', [{ subscriber_id: C, subject_id: B }]);
    await given(...history).then('subscription_counts', [
      { user_id: A, subscribers: 0, subscriptions: 0 },
      { user_id: B, subscribers: 1, subscriptions: 0 },
      { user_id: C, subscribers: 0, subscriptions: 1 },
    ]);
  });
});
