import { REFRESH_COOKIE } from '@stardeck/contracts';
import request from 'supertest';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { waitFor } from '../support/services';

export const ADMIN = { email: 'root@stardeck.test', password: 'admin-password-1' };
export const PUBLIC_URL = 'http://stardeck.test';

/** A test server whose admin comes from STARDECK_ADMIN_EMAIL/PASSWORD and whose mail links point at PUBLIC_URL. */
export function startAuthServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL, ...env },
  });
}

export interface Session {
  token: string;
  /** `name=value` of the refresh cookie, ready for a Cookie header. */
  cookie: string;
  me: Record<string, any>;
}

export function refreshCookieOf(res: request.Response): { pair: string; attributes: string } | null {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = raw.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(';');
  return { pair: pair!.trim(), attributes: attributes.join(';') };
}

export async function login(url: string, email: string, password: string, options: { ip?: string; remember?: boolean } = {}): Promise<Session> {
  const res = await request(url)
    .post('/v1/login')
    .set('x-forwarded-for', options.ip ?? '10.0.0.1')
    .send({ email, password, remember_me: options.remember ?? false });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cookie = refreshCookieOf(res);
  expect(cookie).not.toBeNull();
  return { token: res.headers['x-new-access-token'] as string, cookie: cookie!.pair, me: res.body.me };
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/** The newest dev-mailbox message to `to` (sending happens after the answer, so it may take a moment). */
export async function mailTo(url: string, admin: Session, to: string, subject: RegExp): Promise<{ link: string; text: string; subject: string }> {
  return waitFor(async () => {
    const res = await request(url).get('/v1/admin/mail').set(bearer(admin)).query({ limit: 100 });
    expect(res.status).toBe(200);
    return res.body.data.mail.find((m: { to: string; subject: string }) => m.to === to && subject.test(m.subject));
  }, 10_000);
}

export function linkParam(link: string, name: string): string {
  return new URL(link).searchParams.get(name)!;
}

export async function createInvite(url: string, session: Session): Promise<{ id: string; key: string }> {
  const res = await request(url).post('/v1/invite').set(bearer(session));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.invite;
}

let counter = 0;

/**
 * An invite key for `email` through the waitlist: the admin's answer to an access request, which
 * does not count against the admin's own invite limit.
 */
export async function waitlistInvite(url: string, admin: Session, email: string): Promise<{ id: string; key: string }> {
  await request(url).post('/v1/access_request').send({ email, url: 'https://example.com/me', message: null }).expect(201);
  const list = await request(url).get('/v1/admin/access_requests').set(bearer(admin)).query({ limit: 100 }).expect(200);
  const pending = list.body.data.access_requests.find((r: { email: string; status: string }) => r.email === email && r.status === 'pending');
  const res = await request(url).post(`/v1/admin/access_requests/${pending.id}/invite`).set(bearer(admin)).expect(201);
  return res.body.data.invite;
}

/** A verified member, signed up through the waitlist and signed in. */
export async function newMember(url: string, admin: Session): Promise<Session & { email: string; password: string }> {
  counter += 1;
  const username = `member${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const email = `${username}@example.com`;
  const password = 'member-password';
  const invite = await waitlistInvite(url, admin, email);
  await request(url).post('/v1/create_account').send({
    email, username, password, verify_password: password, terms: true, invitation_key: invite.key,
  }).expect(201);
  const mail = await mailTo(url, admin, email, /verify/i);
  await request(url).post('/v1/verify_account').send({ verification_token: linkParam(mail.link, 'token') }).expect(200);
  return { ...(await login(url, email, password)), email, password };
}
