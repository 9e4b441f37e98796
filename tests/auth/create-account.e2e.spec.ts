import { MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, createInvite, linkParam, login, mailTo, startAuthServer, waitlistInvite, type Session } from './helpers';

describe('create account', () => {
  let server: TestServer;
  let admin: Session;
  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = () => request(server.url);
  const form = (overrides: Record<string, unknown> = {}) => ({
    email: 'vega@example.com', username: 'vega', password: 'vega-password', verify_password: 'vega-password', terms: true,
    invitation_key: '0123456789ab', ...overrides,
  });
  let sent = 0;
  /** Each sign-up from an address of its own: sign-up takes only 30 tries per address in 15 minutes. */
  const createAccount = (body: object) => {
    sent += 1;
    return api().post('/v1/create_account').set('x-forwarded-for', `10.80.${Math.floor(sent / 250)}.${(sent % 250) + 1}`).send(body);
  };
  const userCount = async () => (await server.platform.database.db.selectFrom('users').select('id').execute()).length;

  it.each([
    [{ email: '' }, 'email', MSG.emailRequired],
    [{ email: 'vega-at-example' }, 'email', MSG.invalidEmail],
    [{ username: '' }, 'username', MSG.usernameLength],
    [{ username: 'v'.repeat(33) }, 'username', MSG.usernameLength],
    [{ username: 'vega star' }, 'username', MSG.usernameCharacters],
    [{ username: 'Explore' }, 'username', MSG.usernameReserved],
    [{ password: 'short', verify_password: 'short' }, 'password', MSG.passwordMin],
    [{ password: 'p'.repeat(33), verify_password: 'p'.repeat(33) }, 'password', MSG.passwordMax],
    [{ verify_password: 'other-password' }, 'verify_password', MSG.passwordsDoNotMatch],
    [{ terms: false }, 'terms', MSG.termsRequired],
    [{ invitation_key: '' }, 'invitation_key', MSG.inviteRequired],
    [{ invitation_key: 'XYZ' }, 'invitation_key', MSG.inviteFormat],
  ])('refuses %j with 400 and the field message, creating nothing', async (overrides, field, message) => {
    const before = await userCount();
    const res = await createAccount(form(overrides)).expect(400);
    expect(res.body.errors[field]).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses an invite that does not exist', async () => {
    const res = await createAccount(form()).expect(400);
    expect(res.body.msg.description).toBe(MSG.inviteInvalid);
  });

  it('refuses a taken username, compared case-insensitively, with 409 on the username alone, and leaves the invite unused', async () => {
    await createAccount(form({ email: 'first@example.com', username: 'Sirius', invitation_key: (await createInvite(server.url, admin)).key })).expect(201);
    const invite = await createInvite(server.url, admin);
    // Whether the email is registered too is not said.
    for (const email of ['FIRST@example.com', 'someone-new@example.com']) {
      const res = await createAccount(form({ email, username: 'sirius', invitation_key: invite.key })).expect(409);
      expect(res.body.errors).toEqual({ username: MSG.usernameTaken });
    }
    const check = await api().get(`/v1/validate_invite/${invite.key}`).set('x-forwarded-for', '10.81.0.1').expect(200);
    expect(check.body.data.valid).toBe(true);
  });

  it('answers a taken email, compared case-insensitively, like a new account: the invite is spent, nobody is registered, and the owner is told', async () => {
    const invite = await createInvite(server.url, admin);
    const before = await userCount();
    const res = await createAccount(form({ email: ADMIN.email.toUpperCase(), username: 'ADMIN-x', invitation_key: invite.key })).expect(201);
    expect(res.body).toMatchObject({ status: 'success', msg: { description: MSG.accountCreated }, data: { user: { username: 'ADMIN-x' } } });
    expect(await userCount()).toBe(before);
    const check = await api().get(`/v1/validate_invite/${invite.key}`).set('x-forwarded-for', '10.81.0.2').expect(200);
    expect(check.body.data.valid).toBe(false);
    await mailTo(server.url, admin, ADMIN.email, /someone tried to register with your address/i);
  });

  it('lets exactly one of two sign-ups racing for one email through different invites register; both are answered alike', async () => {
    const invites = await Promise.all([createInvite(server.url, admin), createInvite(server.url, admin)]);
    const results = await Promise.all(invites.map((invite, i) =>
      createAccount(form({ email: 'Twin@example.com', username: `twin_${i}`, invitation_key: invite.key }))));
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    const twins = await server.platform.database.db.selectFrom('users').select('username').where('email', '=', 'twin@example.com').execute();
    expect(twins).toHaveLength(1);
    const spent = await Promise.all(invites.map((invite, i) => api().get(`/v1/validate_invite/${invite.key}`).set('x-forwarded-for', `10.81.1.${i + 1}`)));
    expect(spent.filter((r) => r.body.data.valid)).toHaveLength(0);
    await mailTo(server.url, admin, 'twin@example.com', /someone tried to register with your address/i);
  });

  it('lets exactly one of two people racing for one invite register', async () => {
    const invite = await createInvite(server.url, admin);
    const results = await Promise.all(['racer_a', 'racer_b', 'racer_c'].map((username) =>
      createAccount(form({ email: `${username}@example.com`, username, invitation_key: invite.key }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400, 400]);
    for (const loser of results.filter((r) => r.status === 400)) expect(loser.body.msg.description).toBe(MSG.inviteInvalid);
    const racers = await server.platform.database.db.selectFrom('users').select('username').where('username', 'like', 'racer_%').execute();
    expect(racers).toHaveLength(1);
    const redeemed = await server.platform.store.readStream(`invite-${invite.id}`);
    expect(redeemed.map((e) => e.type)).toEqual(['InviteCreated', 'InviteRedeemed']);
  });

  it('resends verification to an unverified account; links are single use, expire, and only the newest works', async () => {
    const invite = await waitlistInvite(server.url, admin, 'altair@example.com');
    await createAccount(form({ email: 'altair@example.com', username: 'altair', invitation_key: invite.key })).expect(201);
    const first = await mailTo(server.url, admin, 'altair@example.com', /verify/i);

    // The first link expires; a resent one works once.
    await server.platform.database.db.updateTable('one_time_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('purpose', '=', 'verify').execute();
    const expired = await api().post('/v1/verify_account').send({ verification_token: linkParam(first.link, 'token') }).expect(400);
    expect(expired.body.msg.description).toBe(MSG.tokenInvalid);

    await api().post('/v1/resend_verification').send({ email: 'Altair@example.com' }).expect(200);
    const second = await waitForNewLink(first.link);
    await api().post('/v1/resend_verification').send({ email: 'altair@example.com' }).expect(200);
    const third = await waitForNewLink(second);
    // Only the newest link counts.
    await api().post('/v1/verify_account').send({ verification_token: linkParam(second, 'token') }).expect(400);
    await api().post('/v1/verify_account').send({ verification_token: linkParam(third, 'token') }).expect(200);
    const reused = await api().post('/v1/verify_account').send({ verification_token: linkParam(third, 'token') }).expect(400);
    expect(reused.body.msg.description).toBe(MSG.tokenInvalid);
    const stored = await server.platform.database.db.selectFrom('one_time_tokens').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === linkParam(third, 'token'))).toBe(false);
    await login(server.url, 'altair@example.com', 'vega-password');
  });

  async function waitForNewLink(previous: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mail = await mailTo(server.url, admin, 'altair@example.com', /verify/i);
      if (mail.link !== previous) return mail.link;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no second verification mail');
  }
});
