import { describe, it } from 'vitest';
import { projectionSpec, type SpecEvent } from '../../kit/spec-helpers';
import { membershipsProjection } from './memberships.projection';

const given = projectionSpec(membershipsProjection);

const [A, B] = ['a', 'b'].map((n) => `00000000-0000-4000-8000-00000000000${n}`) as [string, string];
const synced = (user_id: string, status: string, plan: 'core' | 'premium' | null, at: string, customer = `cus_${user_id.slice(-1)}`): SpecEvent => ({
  type: 'SubscriptionSynced',
  data: { user_id, stripe_event_id: `evt_${at}`, subscription_id: `sub_${user_id.slice(-1)}`, customer_id: customer, status, plan, event_created: Date.parse(at) / 1000 },
  recorded_at: new Date(at),
});

describe('memberships projection', () => {
  it("holds each member's Stripe customer and the state of their subscription", async () => {
    await given(synced(A, 'active', 'core', '2026-04-01T00:00:00Z'), synced(B, 'trialing', 'premium', '2026-04-02T00:00:00Z'))
      .then('memberships', [
        { user_id: A, customer_id: 'cus_a', subscription_id: 'sub_a', status: 'active', plan: 'core', updated_at: new Date('2026-04-01T00:00:00Z') },
        { user_id: B, customer_id: 'cus_b', status: 'trialing', plan: 'premium' },
      ]);
  });

  it('keeps one row per member: a later event replaces the plan and status (an upgrade, then a cancellation)', async () => {
    await given(
      synced(A, 'active', 'core', '2026-04-01T00:00:00Z'),
      synced(A, 'active', 'premium', '2026-05-01T00:00:00Z'),
      synced(A, 'canceled', null, '2026-06-01T00:00:00Z'),
    ).then('memberships', [{ user_id: A, customer_id: 'cus_a', status: 'canceled', plan: null, updated_at: new Date('2026-06-01T00:00:00Z') }]);
  });
});
