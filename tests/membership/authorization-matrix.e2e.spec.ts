import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, startAuthServer, type Session } from '../auth/helpers';
import { factories, type Member } from '../support/factories';
import type { TestServer } from '../support/server';

type Actor = 'visitor' | 'member' | 'owner' | 'admin';
const ACTORS: Actor[] = ['visitor', 'member', 'owner', 'admin'];

/**
 * Every endpoint of contact and membership, tried by a visitor, a member, the owner of the thing
 * acted on (the member whose checkout session it is) and an admin. The checkout simulator runs,
 * as PAYMENTS asks for it.
 */
describe('authorization matrix: contact and membership', () => {
  let server: TestServer;
  let admin: Session;
  let owner: Member;
  let stranger: Member;
  const failures: string[] = [];

  beforeAll(async () => {
    server = await startAuthServer({ PAYMENTS: 'simulator' });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    const make = factories({ url: server.url, admin });
    [owner, stranger] = await Promise.all([make.newMember(), make.newMember()]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const sessionOf = (actor: Actor): Session | null => (actor === 'visitor' ? null : actor === 'member' ? stranger : actor === 'owner' ? owner : admin);
  async function check(actor: Actor, method: 'get' | 'post' | 'put', path: string, expected: number, body?: object) {
    let call = request(server.url)[method](path);
    const session = sessionOf(actor);
    if (session) call = call.set(bearer(session));
    const res = await (body ? call.send(body) : call);
    if (res.status !== expected) failures.push(`${actor} ${method.toUpperCase()} ${path}: ${res.status}, expected ${expected} ${JSON.stringify(res.body.msg ?? {})}`);
    return res;
  }
  const signedIn = (actor: Actor, status: number) => (actor === 'visitor' ? 401 : status);

  it('answers each actor as the rules say', async () => {
    const contact = (who: Actor) => ({ contact_type: 'support', email: 'someone@example.com', username: who, message: 'hello' });
    for (const actor of ACTORS) {
      await check(actor, 'post', '/v1/contact', signedIn(actor, 200), contact(actor));
      await check(actor, 'get', '/v1/admin/contact_messages', signedIn(actor, actor === 'admin' ? 200 : 404));
      // Nobody has a paid membership yet: the portal has no customer to open.
      await check(actor, 'get', '/v1/customer_portal', signedIn(actor, 404));
      await check(actor, 'post', '/v1/payments/simulator/cancel_subscription', signedIn(actor, 404));
      // Tiers are set by admins only; an admin's own tier follows the role.
      await check(actor, 'put', `/v1/admin/users/${stranger.me.id}/tier`, signedIn(actor, actor === 'admin' ? 200 : 404), { tier: 'free' });
      // The webhook takes no session at all: only Stripe's signature, which none of them has.
      await check(actor, 'post', '/v1/webhooks/stripe', 400, { id: 'evt_1', type: 'customer.subscription.created', created: 1, data: { object: {} } });
    }

    // Checkout: members (owner and stranger alike) start their own; an admin's tier follows the role.
    for (const actor of ACTORS) await check(actor, 'get', '/v1/plans', 200);
    for (const actor of ACTORS) await check(actor, 'post', '/v1/checkout', signedIn(actor, actor === 'admin' ? 409 : 200), { plan: 'premium', billing: 'monthly' });

    // The owner's simulator session: only the owner may complete it.
    const checkout = await request(server.url).post('/v1/checkout').set(bearer(owner)).send({ plan: 'core', billing: 'monthly' }).expect(200);
    const session = new URL(checkout.body.data.checkout_url).searchParams.get('session');
    for (const actor of ['visitor', 'member', 'admin'] as const) {
      await check(actor, 'post', '/v1/payments/simulator/checkout', signedIn(actor, 400), { session, outcome: 'complete' });
    }
    await check('owner', 'post', '/v1/payments/simulator/checkout', 200, { session, outcome: 'complete' });
    // Now the owner has a customer; nobody else does.
    for (const actor of ACTORS) await check(actor, 'get', '/v1/customer_portal', signedIn(actor, actor === 'owner' ? 200 : 404));

    expect(failures).toEqual([]);
    expect((await login(server.url, owner.email, owner.password)).me.tier.slug).toBe('core');
    expect((await login(server.url, stranger.email, stranger.password)).me.tier.slug).toBe('free');
  });
});
