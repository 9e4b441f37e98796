import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { MEMBERSHIP_MSG, type PaidPlan, type WebhookOutcome } from '@stardeck/contracts';
import { SimulatedPayments, type Db, type Payments } from '@stardeck/infra';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { InjectDatabase, InjectPayments } from '../platform/tokens';
import { MembershipRepository } from './membership.repository';
import { PAYMENTS_WEBHOOK_PATH } from './payments-webhook.controller';

const simulatedId = (prefix: string, id: string = randomUUID()) => `${prefix}_${id.replaceAll('-', '')}`;

/** A subscription event shaped as Stripe sends it (the fields the webhook reads, and a few more). */
function subscriptionEvent(
  type: string, subscription: { id: string; customer: string; status: string; userId: string; plan: PaidPlan }, now: Date, eventId = simulatedId('evt_sim'),
) {
  const created = Math.floor(now.getTime() / 1000);
  return {
    id: eventId,
    object: 'event',
    type,
    created,
    livemode: false,
    data: {
      object: {
        id: subscription.id, object: 'subscription', customer: subscription.customer, status: subscription.status, created,
        metadata: { user_id: subscription.userId, plan: subscription.plan },
        items: { object: 'list', data: [{ object: 'subscription_item', price: { id: `price_sim_${subscription.plan}`, lookup_key: subscription.plan, metadata: { plan: subscription.plan } } }] },
      },
    },
  };
}

/**
 * The checkout simulator of embedded mode: what Stripe would do when a member pays or cancels.
 * It sends its signed webhook through the app's own webhook route (an in-process HTTP request),
 * so the signature check, the idempotency and the tier change are the ones Stripe's events get.
 */
@Injectable()
export class PaymentsSimulatorService {
  constructor(
    @InjectPayments() private readonly payments: Payments,
    @InjectDatabase() private readonly db: Db,
    private readonly memberships: MembershipRepository,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  private simulator(): SimulatedPayments {
    if (!(this.payments instanceof SimulatedPayments)) throw ApiError.notFound(MEMBERSHIP_MSG.simulatorOnly, 'Checkout Simulator');
    return this.payments;
  }

  /**
   * Pays for the session's plan: a new subscription, or the member's current one moved to the plan.
   * A session completes once: its webhook event is named after the session, and the membership
   * records each event id once, so completing it again (even in parallel) changes nothing and is
   * refused.
   */
  async complete(member: AuthUser, session: string): Promise<{ plan: PaidPlan }> {
    const simulator = this.simulator();
    const opened = simulator.readSession(session, member.id);
    if (!opened) throw ApiError.badRequest('Checkout Simulator', MEMBERSHIP_MSG.simulatorSessionInvalid);
    const current = await this.memberships.ofMember(this.db, member.id);
    const live = current && current.status !== 'canceled' ? current : null;
    const subscription = {
      id: live?.subscription_id ?? simulatedId('sub_sim'),
      customer: current?.customer_id ?? simulatedId('cus_sim', member.id),
      status: 'active', userId: member.id, plan: opened.plan,
    };
    const type = live ? 'customer.subscription.updated' : 'customer.subscription.created';
    const outcome = await this.deliver(subscriptionEvent(type, subscription, new Date(), simulatedId('evt_sim', opened.id)));
    if (outcome !== 'applied') throw ApiError.conflict(MEMBERSHIP_MSG.simulatorSessionUsed, 'Checkout Simulator');
    return { plan: opened.plan };
  }

  /** What cancelling in the billing portal does: the subscription ends now and the tier falls to free. */
  async cancel(member: AuthUser): Promise<void> {
    this.simulator();
    const current = await this.memberships.ofMember(this.db, member.id);
    if (!current || current.status === 'canceled') throw ApiError.notFound(MEMBERSHIP_MSG.noCustomer, 'Checkout Simulator');
    await this.deliver(subscriptionEvent('customer.subscription.deleted', {
      id: current.subscription_id, customer: current.customer_id, status: 'canceled', userId: member.id, plan: (current.plan as PaidPlan | null) ?? 'core',
    }, new Date()));
  }

  private async deliver(event: object): Promise<WebhookOutcome> {
    const payload = JSON.stringify(event);
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const response = await fastify.inject({
      method: 'POST', url: PAYMENTS_WEBHOOK_PATH, payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': this.simulator().sign(payload) },
    });
    if (response.statusCode !== 200) throw new ApiError(502, 'Checkout Simulator', `The webhook answered ${response.statusCode}`);
    return (response.json() as { data: { outcome: WebhookOutcome } }).data.outcome;
  }
}
