import { MEMBERSHIP_MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, startAuthServer, type Session } from '../auth/helpers';
import { factories, type Factories, type Member } from '../support/factories';
import type { TestServer } from '../support/server';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, signedWebhook, startFakeStripe, subscriptionEvent, type FakeStripe } from '../support/stripe-fake';

/** Membership with Stripe configured: the SDK talks to a local fake, webhooks are signed with the SDK's test helper. */
describe('membership with Stripe', () => {
  let server: TestServer;
  let stripe: FakeStripe;
  let admin: Session;
  let make: Factories;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startAuthServer({ STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });
  const api = () => request(server.url);
  const send = (event: object, secret?: string) => {
    const { payload, signature } = signedWebhook(event, secret);
    return api().post('/v1/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
  };
  const tierNow = async (member: Member) => (await login(server.url, member.email, member.password)).me;
  const tierEvents = async (member: Member) => {
    const res = await api().get('/v1/admin/events').set(bearer(admin)).query({ stream: `user-${member.me.id}`, type: 'MemberTierChanged' }).expect(200);
    // The inspector lists newest first; the changes read in the order they happened.
    return res.body.data.events.map((e: { data: { tier: string; by: string } }) => [e.data.tier, e.data.by]).reverse();
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('starts a Stripe Checkout session for a member, and refuses visitors, admins and bad plans', async () => {
    const member = await make.newMember();
    const res = await api().post('/v1/checkout').set(bearer(member)).send({ plan: 'core', billing: 'monthly' }).expect(200);
    expect(res.body.data.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const call = stripe.calls.at(-1)!;
    expect(call).toMatchObject({ path: '/v1/checkout/sessions', apiKey: FAKE_STRIPE_KEY });
    expect(call.form).toMatchObject({
      mode: 'subscription', client_reference_id: member.me.id, customer_email: member.email,
      'subscription_data[metadata][user_id]': member.me.id, 'subscription_data[metadata][plan]': 'core',
      'line_items[0][price_data][unit_amount]': '1000', 'line_items[0][price_data][recurring][interval]': 'month',
    });
    expect(call.form.success_url).toContain('/subscription_success');

    await api().post('/v1/checkout').send({ plan: 'core', billing: 'monthly' }).expect(401);
    const asAdmin = await api().post('/v1/checkout').set(bearer(admin)).send({ plan: 'premium', billing: 'monthly' }).expect(409);
    expect(asAdmin.body.msg.description).toBe("An admin's tier follows the admin role");
    const badPlan = await api().post('/v1/checkout').set(bearer(member)).send({ plan: 'gold', billing: 'monthly' }).expect(400);
    expect(badPlan.body.msg.description).toBe(MEMBERSHIP_MSG.planInvalid);
    const badBilling = await api().post('/v1/checkout').set(bearer(member)).send({ plan: 'core', billing: 'yearly' }).expect(400);
    expect(badBilling.body.msg.description).toBe(MEMBERSHIP_MSG.billingInvalid);
  });

  it("answers a Stripe failure with the spec's text and no secret", async () => {
    const member = await make.newMember();
    stripe.failNext(400);
    const res = await api().post('/v1/checkout').set(bearer(member)).send({ plan: 'premium', billing: 'monthly' }).expect(502);
    expect(res.body.msg.description).toBe(MEMBERSHIP_MSG.checkoutFailed);
    expect(JSON.stringify(res.body)).not.toContain(FAKE_STRIPE_KEY);
  });

  it('turns a signed subscription event into a tier, and a replay of it changes nothing', async () => {
    const member = await make.newMember();
    const event = subscriptionEvent({ type: 'created', userId: member.me.id, subscription: `sub_${member.me.id}`, customer: `cus_${member.me.id}`, plan: 'core', created: now() });
    const first = await send(event).expect(200);
    expect(first.body.data.outcome).toBe('applied');
    expect((await tierNow(member)).tier.slug).toBe('core');
    expect(await tierEvents(member)).toEqual([['core', 'stripe']]);

    const again = await send(event).expect(200);
    expect(again.body.data.outcome).toBe('unchanged');
    const membership = await api().get('/v1/admin/events').set(bearer(admin)).query({ stream: `membership-${member.me.id}` }).expect(200);
    expect(membership.body.data.events).toHaveLength(1);
    expect(await tierEvents(member)).toEqual([['core', 'stripe']]);
  });

  it('refuses a webhook with a bad or missing signature with 400, changing nothing', async () => {
    const member = await make.newMember();
    const event = subscriptionEvent({ type: 'created', userId: member.me.id, subscription: `sub_${member.me.id}`, customer: `cus_${member.me.id}`, plan: 'premium', created: now() });
    const forged = await send(event, 'whsec_not_the_secret').expect(400);
    expect(forged.body).toMatchObject({ status: 'error', status_code: 400, msg: { description: MEMBERSHIP_MSG.badSignature } });
    // A body changed after signing fails too: the signature covers the exact bytes.
    const { signature } = signedWebhook(event);
    const tampered = JSON.stringify({ ...event, created: event.created + 1 });
    await api().post('/v1/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(tampered).expect(400);
    await api().post('/v1/webhooks/stripe').set('content-type', 'application/json').send(JSON.stringify(event)).expect(400);
    expect((await tierNow(member)).tier.slug).toBe('free');
    expect(await tierEvents(member)).toEqual([]);
  });

  it('keeps the newest state of a subscription when Stripe delivers its events out of order', async () => {
    const member = await make.newMember();
    const ids = { userId: member.me.id, subscription: `sub_${member.me.id}`, customer: `cus_${member.me.id}` };
    const t = now();
    await send(subscriptionEvent({ ...ids, type: 'updated', plan: 'premium', created: t + 10 })).expect(200);
    // The older created event arrives late: premium stays.
    const late = await send(subscriptionEvent({ ...ids, type: 'created', status: 'incomplete', plan: 'core', created: t })).expect(200);
    expect(late.body.data.outcome).toBe('unchanged');
    expect((await tierNow(member)).tier.slug).toBe('premium');
    await send(subscriptionEvent({ ...ids, type: 'deleted', status: 'canceled', plan: 'premium', created: t + 20 })).expect(200);
    // An update sent before the cancellation but delivered after it does not bring the plan back.
    await send(subscriptionEvent({ ...ids, type: 'updated', plan: 'premium', created: t + 15 })).expect(200);
    expect((await tierNow(member)).tier.slug).toBe('free');
    expect(await tierEvents(member)).toEqual([['premium', 'stripe'], ['free', 'stripe']]);
  });

  it('turns off what a downgrade takes away: lossless falls back, endless mode is refused', async () => {
    const member = await make.newMember();
    const ids = { userId: member.me.id, subscription: `sub_${member.me.id}`, customer: `cus_${member.me.id}` };
    await send(subscriptionEvent({ ...ids, type: 'created', plan: 'premium', created: now() - 5 })).expect(200);
    await make.setConfig(member, { streaming_quality: 'flac' });
    expect((await tierNow(member)).config.streaming_quality).toBe('flac');
    await api().post('/v1/tracks/infinite').set(bearer(member)).send({ limit: 1 }).expect(200);

    await send(subscriptionEvent({ ...ids, type: 'updated', plan: 'core', created: now() })).expect(200);
    const me = await tierNow(member);
    expect(me).toMatchObject({ tier: { slug: 'core', features: { infinite_mode: false } }, config: { streaming_quality: 'high' }, limits: { invite: 4 } });
    await api().post('/v1/tracks/infinite').set(bearer(member)).send({ limit: 1 }).expect(403);
  });

  it("opens the billing portal of the member's Stripe customer, and only theirs", async () => {
    const member = await make.newMember();
    await api().get('/v1/customer_portal').expect(401);
    const none = await api().get('/v1/customer_portal').set(bearer(member)).expect(404);
    expect(none.body.msg.description).toBe(MEMBERSHIP_MSG.noCustomer);
    await send(subscriptionEvent({ type: 'created', userId: member.me.id, subscription: `sub_${member.me.id}`, customer: `cus_${member.me.id}`, plan: 'core', created: now() })).expect(200);
    const res = await api().get('/v1/customer_portal').set(bearer(member)).expect(200);
    expect(res.body.data.portal_url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(stripe.calls.at(-1)).toMatchObject({ path: '/v1/billing_portal/sessions', form: { customer: `cus_${member.me.id}` } });
    // The admin has no Stripe customer of their own.
    await api().get('/v1/customer_portal').set(bearer(admin)).expect(404);
    // A second checkout of the same member reuses their customer.
    await api().post('/v1/checkout').set(bearer(member)).send({ plan: 'premium', billing: 'monthly' }).expect(200);
    expect(stripe.calls.at(-1)!.form).toMatchObject({ customer: `cus_${member.me.id}` });
  });
});
