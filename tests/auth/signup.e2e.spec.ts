import { HEADER_NEW_ACCESS_TOKEN, MSG, REFRESH_COOKIE } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, PUBLIC_URL, bearer, linkParam, login, mailTo, refreshCookieOf, startAuthServer } from './helpers';

describe('the whole sign-up path', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('goes from an admin invite to a verified member whose session rotates, renews twice at once and logs out', async () => {
    const api = () => request(server.url);

    // The admin from STARDECK_ADMIN_EMAIL/PASSWORD signs in and creates an invite.
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    expect(admin.me).toMatchObject({ email: ADMIN.email, role: 'admin', tier: { slug: 'admin', features: { infinite_mode: true } }, limits: { invite: null } });
    const created = await api().post('/v1/invite').set(bearer(admin)).expect(201);
    const key = created.body.data.invite.key as string;
    expect(key).toMatch(/^[0-9a-f]{12}$/);

    // The invitee checks the key and sees who invited them.
    const check = await api().get(`/v1/validate_invite/${key}`).expect(200);
    expect(check.body.data).toMatchObject({ valid: true, inviter: { id: admin.me.id, username: admin.me.username, avatar: null } });

    // Creating the account sends a verification mail; the account cannot log in before verification.
    const account = { email: 'Nova@Example.com', username: 'Nova', password: 'nova-password', verify_password: 'nova-password', terms: true, invitation_key: key };
    const registered = await api().post('/v1/create_account').send(account).expect(201);
    expect(registered.body.msg.description).toBe(MSG.accountCreated);
    const pending = await api().post('/v1/login').send({ email: account.email, password: account.password }).expect(403);
    expect(pending.body.msg).toEqual({ title: 'Login', description: MSG.pendingVerification });

    const mail = await mailTo(server.url, admin, 'nova@example.com', /verify/i);
    expect(mail.link.startsWith(`${PUBLIC_URL}/verify-account?token=`)).toBe(true);
    const verified = await api().post('/v1/verify_account').send({ verification_token: linkParam(mail.link, 'token') }).expect(200);
    expect(verified.body.msg.description).toBe(MSG.verified);

    // The invite is now used and shows who used it.
    const invites = await api().get('/v1/invite').set(bearer(admin)).expect(200);
    expect(invites.body.data.invites[0]).toMatchObject({ key, used_by_username: 'Nova' });
    expect(invites.body.data.invites[0].used).not.toBeNull();

    // Login with the email in any case, remember me on: a persistent cookie.
    const loginRes = await api().post('/v1/login').send({ email: 'nova@EXAMPLE.com', password: account.password, remember_me: true }).expect(200);
    expect(loginRes.body.me).toMatchObject({ username: 'Nova', slug: 'nova', email: 'nova@example.com', role: 'member', tier: { slug: 'free' }, limits: { invite: 2 }, notification_count: 0 });
    const firstCookie = refreshCookieOf(loginRes)!;
    expect(firstCookie.attributes).toMatch(/HttpOnly/i);
    expect(firstCookie.attributes).toMatch(/Max-Age=2592000/);
    const firstToken = loginRes.headers[HEADER_NEW_ACCESS_TOKEN] as string;
    await api().get('/v1/invite').set('authorization', `Bearer ${firstToken}`).expect(200);

    // Sync rotates the refresh cookie and hands out a new access token.
    const synced = await api().post('/v1/sync').set('cookie', firstCookie.pair).expect(200);
    const secondCookie = refreshCookieOf(synced)!;
    expect(secondCookie.pair).not.toBe(firstCookie.pair);
    expect(synced.headers[HEADER_NEW_ACCESS_TOKEN]).toBeTruthy();
    expect(synced.body.me.username).toBe('Nova');

    // The spent cookie presented again at once (a second tab renewing at the same instant) gets the
    // same successor; reuse after the window is theft (tests/auth/session-reuse.e2e.spec.ts).
    const replayed = await api().post('/v1/sync').set('cookie', firstCookie.pair).expect(200);
    expect(refreshCookieOf(replayed)!.pair).toBe(secondCookie.pair);
    await api().get('/v1/invite').set('authorization', `Bearer ${replayed.headers[HEADER_NEW_ACCESS_TOKEN]}`).expect(200);

    // A fresh login works; logout ends it and clears the cookie.
    const again = await login(server.url, 'nova@example.com', account.password);
    await api().post('/v1/sync').set('cookie', again.cookie).expect(200).then((res) => {
      again.cookie = refreshCookieOf(res)!.pair;
    });
    const out = await api().post('/v1/logout').set('cookie', again.cookie).expect(200);
    expect(refreshCookieOf(out)?.pair).toBe(`${REFRESH_COOKIE}=`);
    await api().post('/v1/sync').set('cookie', again.cookie).expect(401);
  });
});
