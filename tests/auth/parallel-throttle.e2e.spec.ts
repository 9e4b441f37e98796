import { MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, bearer, login, mailsTo, newMember, outboxIdle, startAuthServer, waitlistInvite, type Session } from './helpers';

/** A different client address per call, so only the counter under test can refuse. */
const addressOf = (block: number, i: number) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Throttles decide after counting, so a burst of parallel calls gets no more than the limit through. */
describe('throttles under parallel requests', () => {
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

  it('lets at most 5 of 200 parallel logins on one account from one address reach the password check, and nobody in past them', async () => {
    const member = await newMember(server.url, admin);
    // The right password goes last; whether it is among the first five counted is up to the race.
    const passwords = [...Array.from({ length: 199 }, (_, i) => `wrong-password-${i}`), member.password];
    const answers = await Promise.all(passwords.map((password) =>
      api().post('/v1/login').set('x-forwarded-for', '10.30.0.1').send({ email: member.email, password })));
    const counts = tally(answers.map((res) => res.status));
    // 401 and 200 are given only after the password check; 429 before it.
    expect((counts[401] ?? 0) + (counts[200] ?? 0), JSON.stringify(counts)).toBeGreaterThan(0);
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect(counts[200] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(1);
    expect((counts[401] ?? 0) + (counts[200] ?? 0) + (counts[429] ?? 0)).toBe(200);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toMatchObject({ status: 'error', status_code: 429, msg: { description: MSG.tooManyAttempts } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Five failures from that address are on the account now: the right password is refused there too.
    await api().post('/v1/login').set('x-forwarded-for', '10.30.0.1').send({ email: member.email, password: member.password }).expect(429);
  });

  it('lets at most 20 of 60 parallel logins from one address reach the password check', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      api().post('/v1/login').set('x-forwarded-for', '10.32.0.1').send({ email: `guess${i}@example.com`, password: 'wrong-password' })));
    const counts = tally(answers.map((res) => res.status));
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(20);
    expect(counts[429]).toBe(60 - (counts[401] ?? 0));
  });

  it('sends at most 3 recovery mails for 20 parallel forgot_password calls to one address', async () => {
    const member = await newMember(server.url, admin);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      api().post('/v1/forgot_password').set('x-forwarded-for', addressOf(33, i)).send({ email: member.email })));
    const counts = tally(answers.map((res) => res.status));
    expect(counts[200] ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(counts[200] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(3);
    expect(counts[429]).toBe(20 - (counts[200] ?? 0));
    await outboxIdle(server.url, admin);
    expect(await mailsTo(server.url, admin, member.email, /reset/i)).toHaveLength(counts[200] ?? 0);
  });

  it('sends at most 3 more verification mails for 20 parallel resend_verification calls to one address', async () => {
    const email = 'unverified-burst@example.com';
    const invite = await waitlistInvite(server.url, admin, email);
    await api().post('/v1/create_account').send({
      email, username: 'unverifiedburst', password: 'member-password', verify_password: 'member-password', terms: true, invitation_key: invite.key,
    }).expect(201);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      api().post('/v1/resend_verification').set('x-forwarded-for', addressOf(34, i)).send({ email })));
    const counts = tally(answers.map((res) => res.status));
    expect(counts[200] ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(counts[200] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(3);
    await outboxIdle(server.url, admin);
    // The sign-up's own mail plus one per call let through.
    expect(await mailsTo(server.url, admin, email, /verify/i)).toHaveLength(1 + (counts[200] ?? 0));
  });

  it('keeps at most 3 of 20 parallel access requests for one email, and answers the rest 429 with Retry-After', async () => {
    const email = 'waitlist-burst@example.com';
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      api().post('/v1/access_request').set('x-forwarded-for', addressOf(35, i)).send({ email, url: 'https://example.com', message: null })));
    const counts = tally(answers.map((res) => res.status));
    expect(counts[201] ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(counts[201] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(3);
    expect(counts[429]).toBe(20 - (counts[201] ?? 0));
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toMatchObject({ status: 'error', status_code: 429, msg: { description: MSG.tooManyAttempts } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const list = await api().get('/v1/admin/access_requests').set(bearer(admin)).query({ limit: 100 }).expect(200);
    expect(list.body.data.access_requests.filter((r: { email: string }) => r.email === email)).toHaveLength(counts[201] ?? 0);
  });

  it('keeps at most 10 of 30 parallel access requests from one address', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      api().post('/v1/access_request').set('x-forwarded-for', '10.36.0.1').send({ email: `crowd${i}@example.com`, url: 'https://example.com', message: null })));
    const counts = tally(answers.map((res) => res.status));
    expect(counts[201] ?? 0, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(counts[201] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(10);
    expect(counts[429]).toBe(30 - (counts[201] ?? 0));
  });
});
