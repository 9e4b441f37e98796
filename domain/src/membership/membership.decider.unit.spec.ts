import type { MembershipEvent } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../kit/decider';
import { deciderSpec } from '../kit/spec-helpers';
import { membershipDecider, tierOfMembership } from './membership.decider';
import { subscriptionChangeOf, supersedes, tierOfSubscriptions, type SubscriptionChange } from './stripe-subscription';

const USER = '00000000-0000-4000-8000-0000000000a1';
const given = deciderSpec(membershipDecider);

const change = (over: Partial<SubscriptionChange> = {}): SubscriptionChange => ({
  stripe_event_id: 'evt_1', subscription_id: 'sub_1', customer_id: 'cus_1', user_id: USER, status: 'active', plan: 'core', event_created: 100, ...over,
});
const synced = (c: SubscriptionChange): MembershipEvent => ({
  type: 'SubscriptionSynced',
  data: { user_id: USER, stripe_event_id: c.stripe_event_id, subscription_id: c.subscription_id, customer_id: c.customer_id, status: c.status, plan: c.plan, event_created: c.event_created },
});
const sync = (c: SubscriptionChange) => ({ type: 'SyncSubscription' as const, user_id: USER, change: c });

describe('reading Stripe events', () => {
  const event = (type: string, object: object) => ({ id: 'evt_9', type, created: 1700000000, data: { object } });

  it('reads a subscription event: ids, member, status and plan from the price before the metadata', () => {
    const subscription = {
      id: 'sub_9', customer: 'cus_9', status: 'active', metadata: { user_id: USER, plan: 'core' },
      items: { data: [{ price: { id: 'price_premium_monthly', lookup_key: null } }] },
    };
    expect(subscriptionChangeOf(event('customer.subscription.updated', subscription), { price_premium_monthly: 'premium' })).toEqual({
      stripe_event_id: 'evt_9', subscription_id: 'sub_9', customer_id: 'cus_9', user_id: USER, status: 'active', plan: 'premium', event_created: 1700000000,
    });
    // Without a configured price, the lookup key, then the checkout's metadata.
    expect(subscriptionChangeOf(event('customer.subscription.updated', { ...subscription, items: { data: [{ price: { id: 'p', lookup_key: 'premium' } }] } }))?.plan).toBe('premium');
    expect(subscriptionChangeOf(event('customer.subscription.updated', { ...subscription, items: { data: [] } }))?.plan).toBe('core');
  });

  it('reads a deleted subscription as canceled, whatever status it carries, and an expanded customer by id', () => {
    const read = subscriptionChangeOf(event('customer.subscription.deleted', { id: 'sub_9', customer: { id: 'cus_9' }, status: 'active', metadata: {} }));
    expect(read).toMatchObject({ status: 'canceled', customer_id: 'cus_9', user_id: null, plan: null });
  });

  it('ignores other event types and subscriptions without ids', () => {
    expect(subscriptionChangeOf(event('invoice.paid', { id: 'in_1', customer: 'cus_1' }))).toBeNull();
    expect(subscriptionChangeOf(event('checkout.session.completed', { id: 'cs_1', customer: 'cus_1' }))).toBeNull();
    expect(subscriptionChangeOf(event('customer.subscription.updated', { customer: 'cus_1' }))).toBeNull();
  });
});

describe('ordering', () => {
  it('takes newer events, refuses older ones, and never revives an ended subscription', () => {
    const known = { status: 'active', plan: 'core' as const, event_created: 100 };
    expect(supersedes({ status: 'past_due', event_created: 101 }, known)).toBe(true);
    expect(supersedes({ status: 'canceled', event_created: 99 }, known)).toBe(false);
    expect(supersedes({ status: 'active', event_created: 200 }, { ...known, status: 'canceled' })).toBe(false);
  });

  it('in the same second, lets the later stage win (created as incomplete, then active)', () => {
    expect(supersedes({ status: 'incomplete', event_created: 100 }, { status: 'active', plan: 'core', event_created: 100 })).toBe(false);
    expect(supersedes({ status: 'active', event_created: 100 }, { status: 'incomplete', plan: 'core', event_created: 100 })).toBe(true);
    expect(supersedes({ status: 'canceled', event_created: 100 }, { status: 'active', plan: 'core', event_created: 100 })).toBe(true);
  });

  it('pays for the best plan among paying subscriptions', () => {
    expect(tierOfSubscriptions([])).toBe('free');
    expect(tierOfSubscriptions([{ status: 'active', plan: 'core', event_created: 1 }, { status: 'trialing', plan: 'premium', event_created: 1 }])).toBe('premium');
    expect(tierOfSubscriptions([{ status: 'past_due', plan: 'core', event_created: 1 }])).toBe('core');
    expect(tierOfSubscriptions([{ status: 'unpaid', plan: 'premium', event_created: 1 }, { status: 'canceled', plan: 'premium', event_created: 1 }])).toBe('free');
    expect(tierOfSubscriptions([{ status: 'incomplete', plan: 'premium', event_created: 1 }])).toBe('free');
  });
});

describe('membership decider', () => {
  it('records a first subscription event', () => {
    given([]).when(sync(change())).then([synced(change())]);
  });

  it('records nothing for a redelivered event', () => {
    given([synced(change())]).when(sync(change({ status: 'canceled', event_created: 500 }))).thenNothing();
  });

  it('records nothing for an event older than the subscription shows', () => {
    given([synced(change({ event_created: 200 }))]).when(sync(change({ stripe_event_id: 'evt_old', plan: 'premium', event_created: 150 }))).thenNothing();
  });

  it('keeps the known plan when a later event names none', () => {
    given([synced(change())]).when(sync(change({ stripe_event_id: 'evt_2', plan: null, status: 'past_due', event_created: 101 })))
      .then([synced(change({ stripe_event_id: 'evt_2', plan: 'core', status: 'past_due', event_created: 101 }))]);
  });

  it('gives the tier of the newest state, whatever order the events came in', () => {
    const created = change({ stripe_event_id: 'evt_a', status: 'incomplete', event_created: 100 });
    const upgraded = change({ stripe_event_id: 'evt_b', plan: 'premium', event_created: 110 });
    const canceled = change({ stripe_event_id: 'evt_c', status: 'canceled', plan: 'premium', event_created: 120 });
    const orders = [[created, upgraded, canceled], [canceled, upgraded, created], [upgraded, created, canceled], [upgraded, canceled, created]];
    for (const order of orders) {
      let events: MembershipEvent[] = [];
      const tiers: string[] = [];
      for (const c of order) {
        const decided = membershipDecider.decide(sync(c), fold(membershipDecider, events));
        if (!Array.isArray(decided)) throw new Error('refused');
        events = [...events, ...decided];
        tiers.push(tierOfMembership(fold(membershipDecider, events)));
      }
      expect(tiers.at(-1)).toBe('free');
    }
    const withoutCancel = [[created, upgraded], [upgraded, created]];
    for (const order of withoutCancel) {
      const events = order.reduce<MembershipEvent[]>((log, c) => {
        const decided = membershipDecider.decide(sync(c), fold(membershipDecider, log));
        return Array.isArray(decided) ? [...log, ...decided] : log;
      }, []);
      expect(tierOfMembership(fold(membershipDecider, events))).toBe('premium');
    }
  });
});
