import { MEMBERSHIP_MSG, PLAN_OFFERS } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, startAuthServer, type Session } from '../auth/helpers';
import { factories, type Factories } from '../support/factories';
import { TEST_CONFIG, type TestServer } from '../support/server';

/**
 * A server with no payment provider sells nothing. On services that is what a missing Stripe key
 * means (the simulator is never a silent fallback); embedded runs the simulator by default, so
 * there it is PAYMENTS=none that asks for the same.
 */
describe('paid plans without a payment provider', () => {
  let server: TestServer;
  let admin: Session;
  let make: Factories;
  beforeAll(async () => {
    server = await startAuthServer(TEST_CONFIG === 'services' ? {} : { PAYMENTS: 'none' });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = () => request(server.url);

  it('shows paid plans as unavailable, answers checkout and the portal 503, and never lets the simulator grant a plan', async () => {
    const plans = await api().get('/v1/plans').expect(200);
    expect(plans.body.data).toMatchObject({ paid_plans_available: false, provider: 'none' });
    expect(plans.body.data.plans.map((p: { slug: string; available: boolean }) => [p.slug, p.available]))
      .toEqual(PLAN_OFFERS.map((p) => [p.slug, p.slug === 'free']));

    const member = await make.newMember();
    for (const plan of ['core', 'premium']) {
      const checkout = await api().post('/v1/checkout').set(bearer(member)).send({ plan, billing: 'monthly' }).expect(503);
      expect(checkout.body).toMatchObject({ status: 'error', status_code: 503, msg: { description: MEMBERSHIP_MSG.unavailable } });
    }
    const portal = await api().get('/v1/customer_portal').set(bearer(member)).expect(503);
    expect(portal.body.msg.description).toBe(MEMBERSHIP_MSG.unavailable);

    // The simulator's routes do not run, and no webhook is believed, whatever it is signed with.
    const forged = `${Buffer.from(JSON.stringify({ id: 'x', userId: member.me.id, plan: 'premium', expiresAt: Date.now() + 60_000 })).toString('base64url')}.AAAA`;
    await api().post('/v1/payments/simulator/checkout').set(bearer(member)).send({ session: forged, outcome: 'complete' }).expect(404);
    await api().post('/v1/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', 't=1,v1=00').send('{}').expect(400);
    const me = await login(server.url, member.email, member.password);
    expect(me.me.tier.slug).toBe('free');
  });
});
