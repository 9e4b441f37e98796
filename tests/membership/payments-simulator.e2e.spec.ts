import { MEMBERSHIP_MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, startAuthServer, type Session } from '../auth/helpers';
import { factories, type Factories, type Member } from '../support/factories';
import type { TestServer } from '../support/server';
import { signedWebhook, subscriptionEvent } from '../support/stripe-fake';

/** With PAYMENTS=simulator (the embedded default) the checkout simulator stands in for Stripe, through the same webhook. */
describe('checkout simulator (PAYMENTS=simulator)', () => {
  let server: TestServer;
  let admin: Session;
  let make: Factories;
  beforeAll(async () => {
    server = await startAuthServer({ PAYMENTS: 'simulator' });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = () => request(server.url);
  const me = async (member: Member) => (await login(server.url, member.email, member.password)).me;
  const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).searchParams.get('session')!;

  it('completes a checkout with a signed webhook that makes the member core, then cancels it in the portal', async () => {
    const member = await make.newMember();
    const checkout = await api().post('/v1/checkout').set(bearer(member)).send({ plan: 'core', billing: 'monthly' }).expect(200);
    expect(checkout.body.data.checkout_url).toMatch(/^http:\/\/stardeck\.test\/checkout-simulator\?session=/);
    const session = sessionOf(checkout.body.data.checkout_url);

    const done = await api().post('/v1/payments/simulator/checkout').set(bearer(member)).send({ session, outcome: 'complete' }).expect(200);
    expect(done.body.data).toEqual({ outcome: 'complete', plan: 'core' });
    expect((await me(member)).tier.slug).toBe('core');
    const events = await api().get('/v1/admin/events').set(bearer(admin)).query({ stream: `membership-${member.me.id}` }).expect(200);
    expect(events.body.data.events.map((e: { type: string; metadata: { actor: string } }) => [e.type, e.metadata.actor])).toEqual([['SubscriptionSynced', 'stripe']]);

    const portal = await api().get('/v1/customer_portal').set(bearer(member)).expect(200);
    expect(portal.body.data.portal_url).toBe('http://stardeck.test/billing-simulator');
    await api().post('/v1/payments/simulator/cancel_subscription').set(bearer(member)).expect(200);
    expect((await me(member)).tier.slug).toBe('free');
  });

  it('shows paid plans as available through the simulator', async () => {
    const plans = await api().get('/v1/plans').expect(200);
    expect(plans.body.data).toMatchObject({ paid_plans_available: true, provider: 'simulator' });
    expect(plans.body.data.plans.every((p: { available: boolean }) => p.available)).toBe(true);
  });

  it('completes a session once: of 100 parallel completions one is paid for, the rest are refused, and it cannot be used again after a cancel', async () => {
    const member = await make.newMember();
    const checkout = await api().post('/v1/checkout').set(bearer(member)).send({ plan: 'premium', billing: 'monthly' }).expect(200);
    const session = sessionOf(checkout.body.data.checkout_url);
    const answers = await Promise.all(Array.from({ length: 100 }, () =>
      api().post('/v1/payments/simulator/checkout').set(bearer(member)).send({ session, outcome: 'complete' })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200), JSON.stringify(statuses)).toHaveLength(1);
    for (const refused of answers.filter((res) => res.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.msg.description).toBe(MEMBERSHIP_MSG.simulatorSessionUsed);
    }
    expect((await me(member)).tier.slug).toBe('premium');
    const events = await api().get('/v1/admin/events').set(bearer(admin)).query({ stream: `membership-${member.me.id}` }).expect(200);
    expect(events.body.data.events).toHaveLength(1);

    await api().post('/v1/payments/simulator/cancel_subscription').set(bearer(member)).expect(200);
    expect((await me(member)).tier.slug).toBe('free');
    const again = await api().post('/v1/payments/simulator/checkout').set(bearer(member)).send({ session, outcome: 'complete' }).expect(409);
    expect(again.body.msg.description).toBe(MEMBERSHIP_MSG.simulatorSessionUsed);
    expect((await me(member)).tier.slug).toBe('free');
  });

  it("refuses another member's session, a forged one, and a cancelled checkout changes nothing", async () => {
    const member = await make.newMember();
    const other = await make.newMember();
    const checkout = await api().post('/v1/checkout').set(bearer(member)).send({ plan: 'premium', billing: 'monthly' }).expect(200);
    const session = sessionOf(checkout.body.data.checkout_url);
    const stolen = await api().post('/v1/payments/simulator/checkout').set(bearer(other)).send({ session, outcome: 'complete' }).expect(400);
    expect(stolen.body.msg.description).toBe(MEMBERSHIP_MSG.simulatorSessionInvalid);
    // A session body of one's own making under the mac of a real one.
    const forged = `${Buffer.from(JSON.stringify({ userId: member.me.id, plan: 'core', expiresAt: Date.now() + 60_000 })).toString('base64url')}.${session.split('.')[1]}`;
    await api().post('/v1/payments/simulator/checkout').set(bearer(member)).send({ session: forged, outcome: 'complete' }).expect(400);
    await api().post('/v1/payments/simulator/checkout').set(bearer(member)).send({ session, outcome: 'cancel' }).expect(200);
    await api().post('/v1/payments/simulator/checkout').send({ session, outcome: 'complete' }).expect(401);
    expect((await me(member)).tier.slug).toBe('free');
    expect((await me(other)).tier.slug).toBe('free');
  });

  it('takes no webhook signed with any secret but its own', async () => {
    const member = await make.newMember();
    const { payload, signature } = signedWebhook(subscriptionEvent({ type: 'created', userId: member.me.id, plan: 'premium', created: Math.floor(Date.now() / 1000) }));
    await api().post('/v1/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload).expect(400);
    expect((await me(member)).tier.slug).toBe('free');
  });
});
