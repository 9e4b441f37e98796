import type { MemberTier, PaidPlan } from '@stardeck/contracts';

/** The part of a Stripe event this product reads (the SDK's Stripe.Event has the same shape). */
export interface StripeEventLike {
  id: string;
  type: string;
  /** Seconds since the epoch, when Stripe created the event. */
  created: number;
  data: { object: unknown };
}

/** A subscription event reduced to what decides a tier. */
export interface SubscriptionChange {
  stripe_event_id: string;
  subscription_id: string;
  customer_id: string;
  /** From the subscription's metadata (set at checkout); null when the subscription came from elsewhere. */
  user_id: string | null;
  status: string;
  plan: PaidPlan | null;
  event_created: number;
}

export const SUBSCRIPTION_EVENT_TYPES = [
  'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted',
  'customer.subscription.paused', 'customer.subscription.resumed',
] as const;

/** Statuses in which the member has paid for the plan; past_due keeps it while Stripe retries the card. */
const PAYING = new Set(['active', 'trialing', 'past_due']);
/** Statuses a subscription never leaves. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function planOf(value: unknown, priceToPlan: Readonly<Record<string, PaidPlan>>): PaidPlan | null {
  const asPlan = (v: unknown): PaidPlan | null => (v === 'core' || v === 'premium' ? v : null);
  const subscription = record(value);
  const items = record(subscription.items).data;
  for (const item of Array.isArray(items) ? items : []) {
    const price = record(record(item).price);
    const id = text(price.id);
    if (id && priceToPlan[id]) return priceToPlan[id]!;
    const fromPrice = asPlan(price.lookup_key) ?? asPlan(record(price.metadata).plan);
    if (fromPrice) return fromPrice;
  }
  return asPlan(record(subscription.metadata).plan);
}

/** What a verified webhook event means here: a subscription change, another kind of event, or signed content we cannot read. */
export type PaymentEventReading =
  | { kind: 'change'; change: SubscriptionChange }
  | { kind: 'other' }
  | { kind: 'malformed'; reason: string };

/**
 * Reads a subscription event: which subscription, whose, in what status and for which plan. The
 * plan comes from the price (a configured price id, the price's lookup key or metadata, so a plan
 * changed in the portal counts) and else from the metadata set at checkout. Events of other types
 * are `other`. A signature proves who sent an event, not that its content is whole: an event with
 * no id, type or creation time, or a subscription event without its subscription, is `malformed`
 * (with a reason for the log), never an exception.
 */
export function readPaymentEvent(event: unknown, priceToPlan: Readonly<Record<string, PaidPlan>> = {}): PaymentEventReading {
  const envelope = record(event);
  const id = text(envelope.id);
  const type = text(envelope.type);
  if (!id || !type) return { kind: 'malformed', reason: 'the event has no id or type' };
  if (!(SUBSCRIPTION_EVENT_TYPES as readonly string[]).includes(type)) return { kind: 'other' };
  const created = envelope.created;
  if (typeof created !== 'number' || !Number.isSafeInteger(created) || created < 0) return { kind: 'malformed', reason: 'the event has no creation time' };
  const data = envelope.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { kind: 'malformed', reason: 'the event has no data' };
  const subscription = record((data as Record<string, unknown>).object);
  const subscriptionId = text(subscription.id);
  const customer = subscription.customer;
  const customerId = text(customer) ?? text(record(customer).id);
  if (!subscriptionId || !customerId) return { kind: 'malformed', reason: 'the subscription has no id or customer' };
  const status = type === 'customer.subscription.deleted' ? 'canceled' : (text(subscription.status) ?? 'incomplete');
  return {
    kind: 'change',
    change: {
      stripe_event_id: id,
      subscription_id: subscriptionId,
      customer_id: customerId,
      user_id: text(record(subscription.metadata).user_id),
      status,
      plan: planOf(subscription, priceToPlan),
      event_created: created,
    },
  };
}

/** The subscription change an event carries, or null for any other (or unreadable) event. */
export function subscriptionChangeOf(event: unknown, priceToPlan: Readonly<Record<string, PaidPlan>> = {}): SubscriptionChange | null {
  const reading = readPaymentEvent(event, priceToPlan);
  return reading.kind === 'change' ? reading.change : null;
}

/** How far along a subscription is; of two events created in the same second, the later stage wins. */
function stage(status: string): number {
  if (ENDED.has(status)) return 2;
  return status === 'incomplete' ? 0 : 1;
}

export interface SubscriptionRecord {
  status: string;
  plan: PaidPlan | null;
  event_created: number;
}

/**
 * Whether a change is news for a subscription last seen as `known`. Stripe does not promise order,
 * so an event older than the last one applied is stale; an ended subscription never comes back.
 */
export function supersedes(change: Pick<SubscriptionChange, 'status' | 'event_created'>, known: SubscriptionRecord | undefined): boolean {
  if (!known) return true;
  if (ENDED.has(known.status)) return false;
  if (change.event_created !== known.event_created) return change.event_created > known.event_created;
  return stage(change.status) >= stage(known.status);
}

const RANK: Record<MemberTier, number> = { free: 0, core: 1, premium: 2 };

/** The tier a member's subscriptions pay for: the best plan among the paying ones, else free. */
export function tierOfSubscriptions(subscriptions: Iterable<SubscriptionRecord>): MemberTier {
  let tier: MemberTier = 'free';
  for (const subscription of subscriptions) {
    if (!PAYING.has(subscription.status) || !subscription.plan) continue;
    if (RANK[subscription.plan] > RANK[tier]) tier = subscription.plan;
  }
  return tier;
}
