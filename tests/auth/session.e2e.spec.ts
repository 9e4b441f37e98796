import { createHmac } from 'node:crypto';
import { HEADER_TOKEN_EXPIRED, MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, PUBLIC_URL, bearer, linkParam, login, mailTo, newMember, refreshCookieOf, signUp, startAuthServer, type Session } from './helpers';

const invalidCredentials = { title: 'Login', description: MSG.invalidCredentials };

function signJwt(secret: string, payload: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('sign-in and sessions', () => {
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

  it.each([
    [{ password: 'whatever1' }, 'email', MSG.emailRequired],
    [{ email: '', password: 'whatever1' }, 'email', MSG.emailRequired],
    [{ email: 'nope', password: 'whatever1' }, 'email', MSG.invalidEmail],
    [{ email: `${'a'.repeat(130)}@x.io`, password: 'whatever1' }, 'email', MSG.emailLength],
    [{ email: 'a@b.co', password: '' }, 'password', MSG.invalidCredentials],
  ])('refuses a malformed login %j with 400 and the field message', async (body, field, message) => {
    const res = await api().post('/v1/login').set('x-forwarded-for', '10.9.9.9').send(body).expect(400);
    expect(res.body).toMatchObject({ status: 'error', status_code: 400, errors: { [field]: message } });
  });

  it('answers a wrong password and an unknown email alike: 401 Invalid credentials', async () => {
    const wrong = await api().post('/v1/login').set('x-forwarded-for', '10.1.0.1').send({ email: ADMIN.email, password: 'wrong-password' }).expect(401);
    const unknown = await api().post('/v1/login').set('x-forwarded-for', '10.1.0.1').send({ email: 'ghost@example.com', password: 'wrong-password' }).expect(401);
    expect(wrong.body.msg).toEqual(invalidCredentials);
    expect(unknown.body.msg).toEqual(invalidCredentials);
    expect(refreshCookieOf(wrong)).toBeNull();
  });

  it('greets a member\'s first sign-in with Welcome and the next ones with Welcome back', async () => {
    const { email, password } = await signUp(server.url, admin);
    const greeting = async () => {
      const res = await api().post('/v1/login').set('x-forwarded-for', '10.1.0.9').send({ email, password }).expect(200);
      return res.body.msg.description as string;
    };
    const first = await greeting();
    const second = await greeting();
    expect(first).toMatch(/^Welcome, /);
    expect(second).toMatch(/^Welcome back, /);
  });

  it('gives a browser-session cookie without remember_me and a 30-day one with it', async () => {
    const plain = await api().post('/v1/login').set('x-forwarded-for', '10.1.0.2').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
    const plainCookie = refreshCookieOf(plain)!;
    expect(plainCookie.attributes).not.toMatch(/Max-Age|Expires/i);
    expect(plainCookie.attributes).toMatch(/HttpOnly/i);
    const remembered = await api().post('/v1/login').set('x-forwarded-for', '10.1.0.2').send({ email: ADMIN.email, password: ADMIN.password, remember_me: true }).expect(200);
    expect(refreshCookieOf(remembered)!.attributes).toMatch(/Max-Age=2592000/);
    const expiries = await server.platform.database.db.selectFrom('refresh_tokens').select(['remember', 'expires_at', 'created_at']).execute();
    const days = (row: { expires_at: Date; created_at: Date }) => (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 86_400_000;
    expect(expiries.filter((r) => !r.remember).map(days).every((d) => Math.round(d) === 1)).toBe(true);
    expect(expiries.filter((r) => r.remember).map(days).every((d) => Math.round(d) === 30)).toBe(true);
  });

  it('throttles an account from one address after 5 failures with 429, even with the right password; a success does not count as one', async () => {
    const member = await newMember(server.url, admin);
    const ip = '10.2.0.1';
    for (let i = 0; i < 4; i++) {
      await api().post('/v1/login').set('x-forwarded-for', ip).send({ email: member.email, password: 'wrong-password' }).expect(401);
    }
    // A success spends none of the budget...
    await login(server.url, member.email, member.password, { ip });
    await login(server.url, member.email, member.password, { ip });
    await api().post('/v1/login').set('x-forwarded-for', ip).send({ email: member.email, password: 'wrong-password' }).expect(401);
    // ...but five failures in a window refuse that address for the account, whatever the password.
    const blocked = await api().post('/v1/login').set('x-forwarded-for', ip).send({ email: member.email, password: member.password }).expect(429);
    expect(blocked.body).toMatchObject({ status: 'error', status_code: 429, msg: { description: MSG.tooManyAttempts } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The refused attempt spent nothing either.
    const stored = await server.platform.database.db.selectFrom('login_failures').selectAll().where('key', '=', `account-ip:${member.email}|${ip}`).executeTakeFirst();
    expect(stored?.failures).toBe(5);
    // Other addresses are not locked out by it.
    await login(server.url, member.email, member.password, { ip: '10.2.3.1' });
  });

  it('throttles an address after 20 failures across accounts', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i++) {
      await api().post('/v1/login').set('x-forwarded-for', ip).send({ email: `probe${i}@example.com`, password: 'wrong-password' }).expect(401);
    }
    await api().post('/v1/login').set('x-forwarded-for', ip).send({ email: ADMIN.email, password: ADMIN.password }).expect(429);
    await api().post('/v1/login').set('x-forwarded-for', '10.3.0.2').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
  });

  it('answers an expired access token with 401 and x-token-expired: true, and a forged one without it', async () => {
    const secret = server.platform.config.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    const family = (await server.platform.database.db.selectFrom('refresh_tokens').select('family_id').where('user_id', '=', admin.me.id).executeTakeFirstOrThrow()).family_id;
    const expired = signJwt(secret, { sub: admin.me.id, fam: family, iss: 'stardeck', iat: now - 120, exp: now - 60 });
    const res = await api().get('/v1/invite').set('authorization', `Bearer ${expired}`).expect(401);
    expect(res.headers[HEADER_TOKEN_EXPIRED]).toBe('true');
    const forged = signJwt('not-the-secret-not-the-secret-not-the-secret', { sub: admin.me.id, fam: family, iss: 'stardeck', iat: now, exp: now + 600 });
    const bad = await api().get('/v1/invite').set('authorization', `Bearer ${forged}`).expect(401);
    expect(bad.headers[HEADER_TOKEN_EXPIRED]).toBeUndefined();
    await api().get('/v1/invite').expect(401);
  });

  it('refuses sync without a cookie or with an unknown one, and logout always succeeds', async () => {
    await api().post('/v1/sync').expect(401);
    await api().post('/v1/sync').set('cookie', 'stardeck_refresh=made-up').expect(401);
    await api().post('/v1/logout').expect(200);
  });

  it('logout ends the access tokens of that sign-in only', async () => {
    const first = await login(server.url, ADMIN.email, ADMIN.password, { ip: '10.4.0.1' });
    const other = await login(server.url, ADMIN.email, ADMIN.password, { ip: '10.4.0.1' });
    await api().post('/v1/logout').set('cookie', first.cookie).expect(200);
    await api().get('/v1/invite').set(bearer(first)).expect(401);
    await api().get('/v1/invite').set(bearer(other)).expect(200);
  });

  it('gives the same answer to forgot_password and resend_verification whether or not the account exists', async () => {
    for (const path of ['/v1/forgot_password', '/v1/resend_verification']) {
      const known = await api().post(path).send({ email: ADMIN.email }).expect(200);
      const unknown = await api().post(path).send({ email: 'nobody@example.com' }).expect(200);
      expect(known.body).toEqual(unknown.body);
      expect((await api().post(path).send({ email: '' }).expect(400)).body.errors).toEqual({ email: MSG.emailRequired });
      expect((await api().post(path).send({ email: 'bad' }).expect(400)).body.errors).toEqual({ email: MSG.invalidEmail });
    }
  });

  it('resets a password once through the mailed link and ends every existing sign-in', async () => {
    const member = await newMember(server.url, admin);
    const before = await login(server.url, member.email, member.password);
    await api().post('/v1/forgot_password').send({ email: member.email.toUpperCase() }).expect(200);
    const mail = await mailTo(server.url, admin, member.email, /reset/i);
    expect(mail.link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
    const token = linkParam(mail.link, 'token');

    const mismatch = await api().post('/v1/reset_password').send({ recovery_token: token, password: 'new-password-1', verify_password: 'new-password-2' }).expect(400);
    expect(mismatch.body.errors).toEqual({ verify_password: MSG.passwordsDoNotMatch });
    const short = await api().post('/v1/reset_password').send({ recovery_token: token, password: 'short', verify_password: 'short' }).expect(400);
    expect(short.body.errors.password).toBe(MSG.passwordMin);
    const missing = await api().post('/v1/reset_password').send({ password: 'new-password-1', verify_password: 'new-password-1' }).expect(400);
    expect(missing.body.errors.recovery_token).toBe(MSG.recoveryTokenRequired);

    await api().post('/v1/reset_password').send({ recovery_token: token, password: 'new-password-1', verify_password: 'new-password-1' }).expect(200);
    const reused = await api().post('/v1/reset_password').send({ recovery_token: token, password: 'new-password-2', verify_password: 'new-password-2' }).expect(400);
    expect(reused.body.msg.description).toBe(MSG.tokenInvalid);

    await api().get('/v1/invite').set(bearer(before)).expect(401);
    await api().post('/v1/sync').set('cookie', before.cookie).expect(401);
    await api().post('/v1/login').set('x-forwarded-for', '10.5.0.1').send({ email: member.email, password: member.password }).expect(401);
    await login(server.url, member.email, 'new-password-1', { ip: '10.5.0.2' });
    const events = await server.platform.store.readStream(`user-${member.me.id}`);
    expect(events.map((e) => e.type)).toContain('PasswordChanged');
    expect(JSON.stringify(events)).not.toContain('new-password-1');
  });

  it('rejects unknown, reused or expired verification links with the spec message', async () => {
    const res = await api().post('/v1/verify_account').send({ verification_token: 'made-up-token' }).expect(400);
    expect(res.body.msg.description).toBe(MSG.tokenInvalid);
    const empty = await api().post('/v1/verify_account').send({ verification_token: '' }).expect(400);
    expect(empty.body.errors).toEqual({ verification_token: MSG.verificationTokenRequired });
  });
});
