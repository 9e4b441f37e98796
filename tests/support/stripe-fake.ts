import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request the fake received: its path, its API key and its form fields (Stripe's bracket notation kept flat). */
export interface FakeStripeCall {
  path: string;
  apiKey: string;
  form: Record<string, string>;
  /** The session link the fake answered with, if it answered with one. */
  url?: string;
}

export interface FakeStripe {
  /** For STRIPE_API_URL. */
  url: string;
  calls: FakeStripeCall[];
  /** The next answer of every endpoint is this HTTP error. */
  failNext(status: number): void;
  close(): Promise<void>;
}

export const FAKE_STRIPE_KEY = 'sk_test_fake_key_for_tests';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_secret_for_tests';

const readBody = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let body = '';
  req.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
  req.on('end', () => resolve(body));
});

/**
 * A local stand-in for the two Stripe endpoints the product calls (Checkout Sessions and Billing
 * Portal sessions), so tests run the real SDK over HTTP without reaching Stripe.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: FakeStripeCall[] = [];
  let failure: number | null = null;
  let n = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(body));
    const apiKey = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const path = (req.url ?? '').split('?')[0]!;
    const call: FakeStripeCall = { path, apiKey, form };
    calls.push(call);
    res.setHeader('content-type', 'application/json');
    if (failure !== null) {
      res.statusCode = failure;
      failure = null;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'fake failure' } }));
      return;
    }
    n += 1;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      call.url = `https://checkout.stripe.test/c/pay/cs_test_${n}`;
      res.end(JSON.stringify({ id: `cs_test_${n}`, object: 'checkout.session', mode: 'subscription', url: call.url }));
      return;
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      call.url = `https://billing.stripe.test/p/session/bps_${n}`;
      res.end(JSON.stringify({ id: `bps_${n}`, object: 'billing_portal.session', customer: form.customer, url: call.url }));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no fake for ${req.method} ${path}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNext: (status) => { failure = status; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const signer = new Stripe(FAKE_STRIPE_KEY);

/** A webhook body and its Stripe-Signature header, signed the way Stripe signs (the SDK's test helper). */
export function signedWebhook(event: object, secret = FAKE_WEBHOOK_SECRET): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

let sequence = 0;

/** A customer.subscription.* event as Stripe sends it, for one member's subscription. */
export function subscriptionEvent(options: {
  type?: 'created' | 'updated' | 'deleted';
  userId: string | null;
  subscription?: string;
  customer?: string;
  status?: string;
  plan: 'core' | 'premium';
  created: number;
  id?: string;
}) {
  sequence += 1;
  return {
    id: options.id ?? `evt_test_${Date.now()}_${sequence}`,
    object: 'event',
    type: `customer.subscription.${options.type ?? 'updated'}`,
    created: options.created,
    livemode: false,
    data: {
      object: {
        id: options.subscription ?? 'sub_test_1', object: 'subscription', customer: options.customer ?? 'cus_test_1',
        status: options.status ?? 'active',
        metadata: options.userId ? { user_id: options.userId, plan: options.plan } : {},
        items: { object: 'list', data: [{ object: 'subscription_item', price: { id: `price_${options.plan}`, lookup_key: options.plan } }] },
      },
    },
  };
}
