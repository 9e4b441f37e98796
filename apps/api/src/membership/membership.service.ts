import { Injectable } from '@nestjs/common';
import { MEMBERSHIP_MSG, PLAN_OFFERS, streamIds, tierOfAccount, type CheckoutDto, type MemberTier, type PlansInfo, type WebhookOutcome } from '@stardeck/contracts';
import { readPaymentEvent, tierOfMembership, type SubscriptionChange } from '@stardeck/domain';
import type { Db, Payments, StardeckConfig } from '@stardeck/infra';
import type { Logger } from 'pino';
import { AccountCommands } from '../accounts';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { InjectConfig, InjectDatabase, InjectLogger, InjectPayments } from '../platform/tokens';
import { MembershipCommands } from './membership-commands';
import { MembershipRepository } from './membership.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Webhooks act as this actor in event metadata and as `by` of the tier change. */
export const STRIPE_ACTOR = 'stripe';

/**
 * Paid membership: Checkout and the Billing Portal for members, and Stripe's subscription events
 * turned into tier changes. Stripe (or the simulator) is the only place a member pays; the tier
 * follows from what its webhooks report.
 */
@Injectable()
export class MembershipService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectPayments() private readonly payments: Payments,
    @InjectConfig() private readonly config: StardeckConfig,
    @InjectLogger() private readonly logger: Logger,
    private readonly memberships: MembershipRepository,
    private readonly commands: MembershipCommands,
    private readonly accounts: AccountCommands,
  ) {}

  /** The plans, and whether this server can sell the paid ones (it cannot without a payment provider). */
  plans(): PlansInfo {
    const available = this.payments.kind !== 'none';
    return {
      paid_plans_available: available,
      provider: this.payments.kind,
      plans: PLAN_OFFERS.map((plan) => ({ ...plan, available: plan.priceUsd === 0 || available })),
    };
  }

  async checkout(member: AuthUser, dto: CheckoutDto): Promise<{ checkout_url: string }> {
    this.assertPaymentsAvailable();
    if (member.role === 'admin') throw ApiError.conflict("An admin's tier follows the admin role", 'Membership');
    if (tierOfAccount(member).slug === dto.plan) throw ApiError.conflict(MEMBERSHIP_MSG.alreadyOnPlan, 'Membership');
    const current = await this.memberships.ofMember(this.db, member.id);
    const { url } = await this.call(MEMBERSHIP_MSG.checkoutFailed, () => this.payments.createCheckout({
      userId: member.id, email: member.email, plan: dto.plan, customerId: current?.customer_id ?? null,
      successUrl: `${this.config.publicUrl}/subscription_success?plan=${dto.plan}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${this.config.publicUrl}/membership`,
    }));
    return { checkout_url: url };
  }

  async portal(member: AuthUser): Promise<{ portal_url: string }> {
    this.assertPaymentsAvailable();
    const current = await this.memberships.ofMember(this.db, member.id);
    if (!current) throw ApiError.notFound(MEMBERSHIP_MSG.noCustomer, 'Membership');
    const { url } = await this.call(MEMBERSHIP_MSG.portalFailed, () => this.payments.createPortal({
      customerId: current.customer_id, returnUrl: `${this.config.publicUrl}/membership`,
    }));
    return { portal_url: url };
  }

  /**
   * Applies one verified webhook event. The membership stream records it (or nothing, when it is
   * a redelivery or older than what the subscription shows), and the tier its subscriptions pay
   * for is appended to the account in the same transaction. Events of other types are
   * acknowledged and ignored.
   *
   * A valid signature proves the sender, not the content, and Stripe retries any answer but 2xx
   * for days: signed content we cannot apply (no data, a value Postgres refuses, a subscription
   * of no member we know, a customer already linked to another member) is acknowledged as
   * ignored and logged once, here, at warn level, and changes nothing.
   */
  async applyWebhook(event: unknown): Promise<WebhookOutcome> {
    const reading = readPaymentEvent(event, this.payments.priceToPlan);
    if (reading.kind === 'other') return 'ignored';
    if (reading.kind === 'malformed') return this.ignore(event, reading.reason);
    try {
      const outcome = await this.applyChange(reading.change);
      return typeof outcome === 'object' ? this.ignore(event, outcome.ignored) : outcome;
    } catch (error) {
      // Integrity (23…) and data (22…) errors come from what the event says, not from the database being away.
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'))) return this.ignore(event, `the database refused it (${code})`);
      throw error;
    }
  }

  private async applyChange(change: SubscriptionChange): Promise<WebhookOutcome | { ignored: string }> {
    return this.commands.transaction(async (tx) => {
      const claimed = change.user_id && UUID.test(change.user_id) ? change.user_id : null;
      const holder = await this.memberships.memberOfCustomer(tx, change.customer_id);
      const userId = claimed ?? holder;
      const account = userId ? await this.memberships.account(tx, userId) : undefined;
      if (!userId || !account) return { ignored: 'a subscription of no known member' };
      if (holder && holder !== userId) return { ignored: 'its customer is linked to another member' };
      const meta = { actor: STRIPE_ACTOR, stripe_event_id: change.stripe_event_id };
      const synced = await this.commands.runIn(tx, streamIds.membership(userId), { type: 'SyncSubscription', user_id: userId, change }, meta);
      if (synced.events.length === 0) return 'unchanged';
      const tier: MemberTier = tierOfMembership(synced.state);
      // An admin's tier follows the role; their subscription is still recorded.
      if (account.role !== 'admin') {
        await this.accounts.runIn(tx, streamIds.user(userId), { type: 'ChangeTier', tier, by: STRIPE_ACTOR }, meta);
      }
      return 'applied';
    });
  }

  private ignore(event: unknown, reason: string): 'ignored' {
    const envelope = (event && typeof event === 'object' ? event : {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : undefined);
    this.logger.warn({ stripeEvent: text(envelope.id), type: text(envelope.type), reason }, 'payments webhook: signed event ignored');
    return 'ignored';
  }

  /** Without a payment provider nothing can be bought: a clear 503 rather than a free plan or a 502. */
  private assertPaymentsAvailable(): void {
    if (this.payments.kind === 'none') throw new ApiError(503, 'Membership', MEMBERSHIP_MSG.unavailable);
  }

  /** A payment provider's failure is the spec's text for the call; its details go to the log only. */
  private async call<T>(failure: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.error({ err: { name: (error as Error).name, message: (error as Error).message } }, 'payments call failed');
      throw new ApiError(502, 'Membership', failure);
    }
  }
}
