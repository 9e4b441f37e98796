import request from 'supertest';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, bearer, login, startAuthServer, type Session } from '../auth/helpers';
import { factories, type Factories, type Member } from '../support/factories';
import type { TestServer } from '../support/server';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, signedWebhook, startFakeStripe, subscriptionEvent, type FakeStripe } from '../support/stripe-fake';

const signer = new Stripe(FAKE_STRIPE_KEY, { telemetry: false, maxNetworkRetries: 0 });

/**
 * A valid signature proves who sent a webhook, not that its content can be applied. Stripe retries
 * any answer but 2xx for days, so signed content we cannot use is acknowledged as ignored, logged
 * once at warn level, and changes nothing: never a 500.
 */
describe('signed but malformed Stripe events', () => {
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
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  const sendRaw = (payload: string) => {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET });
    return request(server.url).post('/v1/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
  };
  const send = (event: object) => sendRaw(signedWebhook(event).payload);
  const now = () => Math.floor(Date.now() / 1000);
  const eventCount = async () => Number((await server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const tierOf = async (member: Member) => (await login(server.url, member.email, member.password)).me.tier.slug as string;
  const watchLogs = () => ({ warn: vi.spyOn(server.platform.logger, 'warn'), error: vi.spyOn(server.platform.logger, 'error') });
  const ignoredLines = (warn: ReturnType<typeof watchLogs>['warn']) => warn.mock.calls.filter((call) => call[1] === 'payments webhook: signed event ignored');

  it('acknowledges signed events with no data, no subscription, or odd types of fields as ignored, once each, writing nothing', async () => {
    const member = await make.newMember();
    const valid = subscriptionEvent({ type: 'created', userId: member.me.id, subscription: `sub_${member.me.id}`, customer: `cus_${member.me.id}`, plan: 'premium', created: now() });
    const { data: _data, ...noData } = valid;
    const bodies: Record<string, string> = {
      'no data': JSON.stringify(noData),
      'data null': JSON.stringify({ ...valid, data: null }),
      'data without object': JSON.stringify({ ...valid, data: {} }),
      'object is a list': JSON.stringify({ ...valid, data: { object: [] } }),
      'subscription without a customer': JSON.stringify({ ...valid, data: { object: { ...valid.data.object, customer: null } } }),
      'created is text': JSON.stringify({ ...valid, created: 'yesterday' }),
      'no id': JSON.stringify({ ...valid, id: undefined }),
      'type is a number': JSON.stringify({ ...valid, type: 42 }),
    };
    const before = await eventCount();
    const logs = watchLogs();
    for (const [name, payload] of Object.entries(bodies)) {
      const res = await sendRaw(payload);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body, name).toMatchObject({ status: 'success', data: { received: true, outcome: 'ignored' } });
    }
    expect(ignoredLines(logs.warn)).toHaveLength(Object.keys(bodies).length);
    // A body that is no JSON object, or text no Postgres column can hold, is refused by the input rule every request passes.
    const refused = [
      '[]', 'null', '"customer.subscription.created"',
      ...[{ ...valid.data.object, id: 'sub_\u0000' }, { ...valid.data.object, customer: 'cus_\ud800' }].map((object) => JSON.stringify({ ...valid, data: { object } })),
    ];
    for (const payload of refused) {
      const res = await sendRaw(payload);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', status_code: 400, msg: { title: 'Validation Failed' } });
    }
    expect(logs.error).not.toHaveBeenCalled();
    expect(await eventCount()).toBe(before);
    expect(await tierOf(member)).toBe('free');
  });

  it('ignores a subscription whose customer is already linked to another member, keeping both members as they were', async () => {
    const [first, second] = await Promise.all([make.newMember(), make.newMember()]);
    const customer = `cus_shared_${first.me.id}`;
    const mine = subscriptionEvent({ type: 'created', userId: first.me.id, subscription: `sub_a_${first.me.id}`, customer, plan: 'core', created: now() });
    expect((await send(mine)).body.data.outcome).toBe('applied');

    const before = await eventCount();
    const logs = watchLogs();
    const theirs = subscriptionEvent({ type: 'created', userId: second.me.id, subscription: `sub_b_${second.me.id}`, customer, plan: 'premium', created: now() });
    const res = await send(theirs);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.outcome).toBe('ignored');
    expect(ignoredLines(logs.warn)).toHaveLength(1);
    expect(ignoredLines(logs.warn)[0]![0]).toMatchObject({ stripeEvent: theirs.id, reason: 'its customer is linked to another member' });
    expect(logs.error).not.toHaveBeenCalled();
    expect(await eventCount()).toBe(before);
    expect([await tierOf(first), await tierOf(second)]).toEqual(['core', 'free']);
    const membership = await request(server.url).get('/v1/admin/events').set(bearer(admin)).query({ stream: `membership-${second.me.id}` }).expect(200);
    expect(membership.body.data.events).toEqual([]);
  });

  it('ignores a subscription of no member we know, and other event types without a word', async () => {
    const logs = watchLogs();
    const stranger = subscriptionEvent({ type: 'created', userId: null, subscription: 'sub_nobody', customer: 'cus_nobody', plan: 'core', created: now() });
    expect((await send(stranger)).body.data.outcome).toBe('ignored');
    expect(ignoredLines(logs.warn)).toHaveLength(1);
    expect((await send({ id: 'evt_other', type: 'invoice.paid', created: now(), data: { object: {} } })).body.data.outcome).toBe('ignored');
    expect(ignoredLines(logs.warn)).toHaveLength(1);
    expect(logs.error).not.toHaveBeenCalled();
  });
});
