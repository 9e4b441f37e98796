import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';

export type PaidPlanSlug = 'core' | 'premium';

/** A verified webhook event: the fields of Stripe's event object this product reads. */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

export interface CheckoutInput {
  userId: string;
  email: string;
  plan: PaidPlanSlug;
  /** The member's Stripe customer from an earlier checkout, so one member stays one customer. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** The webhook's signature does not match its body (or is missing, or too old). */
export class WebhookSignatureError extends Error {
  constructor() {
    super('webhook signature verification failed');
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The payments port: Stripe Checkout and the Billing Portal for members, and the check of a
 * webhook's signature on its raw body. Stripe when configured; the local simulator, whose webhooks
 * are signed the same way and take the same path, only when PAYMENTS asks for it; else none.
 */
export interface Payments {
  /** `none`: no payment provider is configured, and paid plans are unavailable. */
  readonly kind: 'stripe' | 'simulator' | 'none';
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** The event, once its `Stripe-Signature` header matches the raw body; else WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** Price ids that stand for each plan, when configured (else the plan comes from metadata). */
  readonly priceToPlan: Readonly<Record<string, PaidPlanSlug>>;
}

/** Spec §9 prices in cents, used when no Stripe price id is configured for a plan. */
const PLAN_CENTS: Record<PaidPlanSlug, number> = { core: 1000, premium: 2000 };

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (a local fake in tests): `http://127.0.0.1:12111`. Null for Stripe's own. */
  apiUrl: string | null;
  prices: Partial<Record<PaidPlanSlug, string>>;
}

/** Verifies with the SDK; the secret and the header never reach an error message or a log. */
function verifyWith(stripe: Stripe, secret: string, rawBody: Buffer, signature: string | undefined): PaymentEvent {
  if (!signature) throw new WebhookSignatureError();
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as PaymentEvent;
  } catch {
    throw new WebhookSignatureError();
  }
}

export class StripePayments implements Payments {
  readonly kind = 'stripe' as const;
  readonly priceToPlan: Readonly<Record<string, PaidPlanSlug>>;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripePaymentsOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
    this.priceToPlan = Object.fromEntries(
      (Object.entries(options.prices) as [PaidPlanSlug, string | undefined][]).filter(([, id]) => id).map(([plan, id]) => [id!, plan]),
    );
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string }> {
    const price = this.options.prices[input.plan];
    const metadata = { user_id: input.userId, plan: input.plan };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [price
        ? { price, quantity: 1 }
        : {
          quantity: 1,
          price_data: {
            currency: 'usd', unit_amount: PLAN_CENTS[input.plan], recurring: { interval: 'month' },
            product_data: { name: `stardeck ${input.plan}`, metadata: { plan: input.plan } },
          },
        }],
      client_reference_id: input.userId,
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      subscription_data: { metadata },
      metadata,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a url');
    return { url: session.url };
  }

  async createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
    return { url: session.url };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    return verifyWith(this.stripe, this.options.webhookSecret, rawBody, signature);
  }
}

/** What a simulated checkout page is given: who may complete it, for which plan, until when. */
export interface SimulatedSession {
  /** Each checkout is a session of its own, as Stripe's are, even two in the same millisecond. */
  id: string;
  userId: string;
  plan: PaidPlanSlug;
  expiresAt: number;
}

const SESSION_TTL_MS = 30 * 60_000;

/**
 * Embedded mode without a Stripe account: checkout and portal links lead to the web client's
 * simulator pages, and the webhooks the simulator sends are signed with Stripe's own scheme (the
 * SDK's test header) under a secret derived from the server's, so they pass the same check on the
 * same webhook path as Stripe's. The SDK is used only locally: it never calls Stripe.
 */
export class SimulatedPayments implements Payments {
  readonly kind = 'simulator' as const;
  readonly priceToPlan: Readonly<Record<string, PaidPlanSlug>> = {};
  private readonly stripe = new Stripe('sk_test_simulator_never_sent', { telemetry: false, maxNetworkRetries: 0 });
  private readonly webhookSecret: string;
  private readonly sessionKey: Buffer;

  constructor(private readonly options: { publicUrl: string; serverSecret: string; now?: () => number }) {
    this.webhookSecret = `whsec_${createHmac('sha256', options.serverSecret).update('payments-simulator-webhook').digest('base64url')}`;
    this.sessionKey = createHmac('sha256', options.serverSecret).update('payments-simulator-session').digest();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string }> {
    const session = this.encode({ id: randomUUID(), userId: input.userId, plan: input.plan, expiresAt: this.now() + SESSION_TTL_MS });
    return { url: `${this.options.publicUrl}/checkout-simulator?${new URLSearchParams({ session }).toString()}` };
  }

  async createPortal(): Promise<{ url: string }> {
    return { url: `${this.options.publicUrl}/billing-simulator` };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    return verifyWith(this.stripe, this.webhookSecret, rawBody, signature);
  }

  /** The Stripe-Signature header for a payload, as Stripe would sign it (now, or at `timestamp` in seconds). */
  sign(payload: string, timestamp?: number): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret, ...(timestamp === undefined ? {} : { timestamp }) });
  }

  /** The session a simulator page was opened with, if it is ours, unexpired and for `userId`. */
  readSession(token: string, userId: string): SimulatedSession | null {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', this.sessionKey).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const session = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SimulatedSession;
      if (session.userId !== userId || session.expiresAt < this.now() || (session.plan !== 'core' && session.plan !== 'premium')) return null;
      return session;
    } catch {
      return null;
    }
  }

  private encode(session: SimulatedSession): string {
    const body = Buffer.from(JSON.stringify(session)).toString('base64url');
    return `${body}.${createHmac('sha256', this.sessionKey).update(body).digest('base64url')}`;
  }
}

/** Checkout or portal asked of a server that takes no payments. */
export class PaymentsUnavailableError extends Error {
  constructor() {
    super('no payment provider is configured');
    this.name = 'PaymentsUnavailableError';
  }
}

/**
 * No payment provider: paid plans cannot be bought, and no webhook is ever believed. Chosen when
 * Stripe is not configured and the simulator was not asked for, so a missing key never turns into
 * free paid plans.
 */
export class UnavailablePayments implements Payments {
  readonly kind = 'none' as const;
  readonly priceToPlan: Readonly<Record<string, PaidPlanSlug>> = {};

  async createCheckout(): Promise<{ url: string }> {
    throw new PaymentsUnavailableError();
  }

  async createPortal(): Promise<{ url: string }> {
    throw new PaymentsUnavailableError();
  }

  verifyWebhook(): PaymentEvent {
    throw new WebhookSignatureError();
  }
}
