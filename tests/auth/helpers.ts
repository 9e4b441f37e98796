import { REFRESH_COOKIE } from '@stardeck/contracts';
import request from 'supertest';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { waitFor } from '../support/services';

export const ADMIN = { email: 'root@stardeck.test', password: 'admin-password-1' };
export const PUBLIC_URL = 'http://stardeck.test';
export const MAIL_OUTBOX = 'account_mail';

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
/**
 * An admin session, or a way to get a fresh one: suites that shorten the access-token lifetime
 * pass a sign-in, so a setup that outlasts one token (a slow machine, a mail still on its way)
 * does not fail on the admin's own expiry.
 */
export type AdminSession = Session | (() => Promise<Session>);
const adminNow = (admin: AdminSession) => (typeof admin === 'function' ? admin() : Promise.resolve(admin));

export async function mailTo(url: string, admin: AdminSession, to: string, subject: RegExp): Promise<{ link: string; text: string; subject: string }> {
  return waitFor(async () => {
    const res = await request(url).get('/v1/admin/mail').set(bearer(await adminNow(admin))).query({ limit: 100 });
    expect(res.status).toBe(200);
    return res.body.data.mail.find((m: { to: string; subject: string }) => m.to === to && subject.test(m.subject));
  }, 10_000);
}

/** Every dev-mailbox message to `to` whose subject matches, newest first. */
export async function mailsTo(url: string, admin: Session, to: string, subject: RegExp): Promise<Array<{ link: string; text: string; subject: string }>> {
  const found: Array<{ to: string; link: string; text: string; subject: string }> = [];
  for (let offset = 0; ; offset += 100) {
    const res = await request(url).get('/v1/admin/mail').set(bearer(admin)).query({ limit: 100, offset });
    expect(res.status).toBe(200);
    found.push(...res.body.data.mail);
    if (!res.body.data.has_more) break;
  }
  return found.filter((m) => m.to === to && subject.test(m.subject));
}

/** Waits until the mail outbox has worked through every committed event. */
export async function outboxIdle(url: string, admin: Session): Promise<void> {
  await waitFor(async () => {
    const res = await request(url).get('/v1/admin/projections').set(bearer(admin));
    const outbox = res.body.data?.projections?.find((p: { name: string }) => p.name === MAIL_OUTBOX);
    return outbox?.status === 'live' && outbox.lag === 0;
  }, 20_000);
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
let requester = 0;

/**
 * An invite key for `email` through the waitlist: the admin's answer to an access request, which
 * does not count against the admin's own invite limit.
 */
export async function waitlistInvite(url: string, adminSource: AdminSession, email: string): Promise<{ id: string; key: string }> {
  const admin = await adminNow(adminSource);
  // Each from an address of its own: the waitlist takes only a few requests per address.
  requester += 1;
  const ip = `10.250.${Math.floor(requester / 250)}.${(requester % 250) + 1}`;
  await request(url).post('/v1/access_request').set('x-forwarded-for', ip).send({ email, url: 'https://example.com/me', message: null }).expect(201);
  const list = await request(url).get('/v1/admin/access_requests').set(bearer(admin)).query({ limit: 100 }).expect(200);
  const pending = list.body.data.access_requests.find((r: { email: string; status: string }) => r.email === email && r.status === 'pending');
  const res = await request(url).post(`/v1/admin/access_requests/${pending.id}/invite`).set(bearer(admin)).expect(201);
  return res.body.data.invite;
}

export interface SignedUp {
  id: string;
  username: string;
  email: string;
  password: string;
}

/** A verified member, signed up through the waitlist (not signed in yet). */
export async function signUp(url: string, admin: AdminSession): Promise<SignedUp> {
  counter += 1;
  const username = `member${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const email = `${username}@example.com`;
  const password = 'member-password';
  const invite = await waitlistInvite(url, admin, email);
  // Each from an address of its own: sign-up takes only 30 tries per address in 15 minutes.
  const created = await request(url).post('/v1/create_account').set('x-forwarded-for', `10.251.${Math.floor(counter / 250)}.${(counter % 250) + 1}`).send({
    email, username, password, verify_password: password, terms: true, invitation_key: invite.key,
  }).expect(201);
  const mail = await mailTo(url, admin, email, /verify/i);
  await request(url).post('/v1/verify_account').send({ verification_token: linkParam(mail.link, 'token') }).expect(200);
  return { id: created.body.data.user.id as string, username, email, password };
}

/** A verified member, signed up through the waitlist and signed in. */
export async function newMember(url: string, admin: AdminSession): Promise<Session & { email: string; password: string }> {
  const { email, password } = await signUp(url, admin);
  return { ...(await login(url, email, password)), email, password };
}
