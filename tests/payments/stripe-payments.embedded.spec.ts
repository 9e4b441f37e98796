import { StripePayments } from '@stardeck/infra';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from '../support/stripe-fake';
import { paymentsContract } from './payments-contract';

// The real SDK over HTTP, pointed at a local fake of the two endpoints used: nothing reaches Stripe.
const signer = new Stripe(FAKE_STRIPE_KEY, { telemetry: false });
const plans = new Set(['core', 'premium']);

async function stripeHarness(prices: Record<string, string> = {}) {
  const fake = await startFakeStripe();
  const payments = new StripePayments({ secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiUrl: fake.url, prices });
  return {
    fake,
    payments,
    sign: (payload: string, timestamp?: number) => signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET, ...(timestamp === undefined ? {} : { timestamp }) }),
    async checkoutOf(url: string) {
      const form = fake.calls.find((call) => call.url === url)?.form;
      const plan = form?.['subscription_data[metadata][plan]'];
      if (!form || !plan || !plans.has(plan) || form.client_reference_id !== form['subscription_data[metadata][user_id]']) return null;
      return { userId: form.client_reference_id!, plan: plan as 'core' | 'premium' };
    },
    secrets: [FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET],
    close: () => fake.close(),
  };
}

paymentsContract('Stripe', () => stripeHarness());

describe('Stripe payments adapter', () => {
  it('bills a configured price id when there is one, and the spec price otherwise', async () => {
    const h = await stripeHarness({ premium: 'price_premium_monthly' });
    try {
      await h.payments.createCheckout({ userId: '9', email: 'nine@example.test', plan: 'premium', customerId: 'cus_9', successUrl: 'http://127.0.0.1:1/s', cancelUrl: 'http://127.0.0.1:1/c' });
      await h.payments.createCheckout({ userId: '9', email: 'nine@example.test', plan: 'core', customerId: null, successUrl: 'http://127.0.0.1:1/s', cancelUrl: 'http://127.0.0.1:1/c' });
      const [premium, core] = h.fake.calls.map((call) => call.form);
      expect(premium).toMatchObject({ 'line_items[0][price]': 'price_premium_monthly', customer: 'cus_9' });
      expect(core).toMatchObject({ 'line_items[0][price_data][unit_amount]': '1000', 'line_items[0][price_data][recurring][interval]': 'month', customer_email: 'nine@example.test' });
      expect(h.payments.priceToPlan).toEqual({ price_premium_monthly: 'premium' });
      expect(h.fake.calls.every((call) => call.apiKey === FAKE_STRIPE_KEY)).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('fails a checkout when Stripe answers with an error, rather than handing out a link', async () => {
    const h = await stripeHarness();
    try {
      h.fake.failNext(400);
      await expect(h.payments.createCheckout({ userId: '9', email: 'nine@example.test', plan: 'core', customerId: null, successUrl: 'http://127.0.0.1:1/s', cancelUrl: 'http://127.0.0.1:1/c' })).rejects.toThrow();
    } finally {
      await h.close();
    }
  });
});
