import { WebhookSignatureError, type PaidPlanSlug, type Payments } from '@stardeck/infra';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';

/** One adapter under test, with what only its own side can tell. */
export interface PaymentsHarness {
  payments: Payments;
  /** The Stripe-Signature header the provider sends with `payload` (now, or at `timestamp` in seconds). */
  sign(payload: string, timestamp?: number): string;
  /** Who and which plan the provider was told a checkout link is for. */
  checkoutOf(url: string, userId: string): Promise<{ userId: string; plan: PaidPlanSlug } | null>;
  /** Secrets that must never reach an error message. */
  secrets: string[];
  close(): Promise<void>;
}

const stranger = new Stripe('sk_test_contract_signer_never_sent', { telemetry: false });

const checkout = (userId: string, plan: PaidPlanSlug) => ({
  userId, email: `${userId}@example.test`, plan, customerId: null,
  successUrl: 'http://127.0.0.1:1/subscription_success', cancelUrl: 'http://127.0.0.1:1/membership',
});

const event = (id: string) => JSON.stringify({
  id, object: 'event', type: 'customer.subscription.updated', created: 1_790_000_000,
  data: { object: { id: 'sub_contract', customer: 'cus_contract', status: 'active', metadata: { user_id: '7', plan: 'core' } } },
});

/**
 * What membership relies on from the payments port, whichever adapter serves it (Stripe, or the
 * simulator that embedded mode uses without a Stripe account): a checkout link per plan that
 * carries who pays for what, a portal link, and a webhook check that lets through exactly the
 * bodies the provider signed, recently, and nothing else.
 */
export function paymentsContract(name: string, start: () => Promise<PaymentsHarness>): void {
  describe(`${name} payments contract`, () => {
    let open: PaymentsHarness | null = null;
    const harness = async () => (open = await start());
    afterEach(async () => {
      await open?.close();
      open = null;
    });

    it('gives a checkout link for each paid plan that names the member and the plan, a new one each time', async () => {
      const h = await harness();
      const core = await h.payments.createCheckout(checkout('41', 'core'));
      const premium = await h.payments.createCheckout(checkout('41', 'premium'));
      const again = await h.payments.createCheckout(checkout('41', 'core'));
      for (const link of [core, premium, again]) expect(new URL(link.url).protocol).toMatch(/^https?:$/);
      expect(new Set([core.url, premium.url, again.url]).size).toBe(3);
      expect(await h.checkoutOf(core.url, '41')).toEqual({ userId: '41', plan: 'core' });
      expect(await h.checkoutOf(premium.url, '41')).toEqual({ userId: '41', plan: 'premium' });
    });

    it('gives a billing portal link for a customer', async () => {
      const h = await harness();
      const portal = await h.payments.createPortal({ customerId: 'cus_contract', returnUrl: 'http://127.0.0.1:1/membership' });
      expect(new URL(portal.url).protocol).toMatch(/^https?:$/);
    });

    it('accepts a webhook the provider signed, as the event it carries', async () => {
      const h = await harness();
      const body = event('evt_contract_ok');
      const verified = h.payments.verifyWebhook(Buffer.from(body), h.sign(body));
      expect(verified).toMatchObject({ id: 'evt_contract_ok', type: 'customer.subscription.updated', created: 1_790_000_000 });
      expect(verified.data.object).toMatchObject({ id: 'sub_contract', metadata: { user_id: '7', plan: 'core' } });
    });

    it('refuses a webhook without a signature, with a changed body, signed with another secret, or signed too long ago', async () => {
      const h = await harness();
      const body = event('evt_contract_bad');
      const changed = body.replace('"plan":"core"', '"plan":"premium"');
      const elsewhere = stranger.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_not_the_providers_secret' });
      const stale = h.sign(body, Math.floor(Date.now() / 1000) - 10 * 60);
      const attempts: Array<[string, Buffer, string | undefined]> = [
        ['no signature', Buffer.from(body), undefined],
        ['empty signature', Buffer.from(body), ''],
        ['changed body', Buffer.from(changed), h.sign(body)],
        ['another secret', Buffer.from(body), elsewhere],
        ['ten minutes old', Buffer.from(body), stale],
        ['garbage header', Buffer.from(body), 't=abc,v1=zz'],
      ];
      for (const [what, raw, signature] of attempts) {
        let thrown: unknown = null;
        try {
          h.payments.verifyWebhook(raw, signature);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, what).toBeInstanceOf(WebhookSignatureError);
        const told = `${(thrown as Error).message} ${(thrown as Error).stack ?? ''}`;
        for (const secret of h.secrets) expect(told, what).not.toContain(secret);
      }
    });
  });
}
