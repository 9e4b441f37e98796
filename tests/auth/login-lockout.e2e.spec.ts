import { MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, login, newMember, startAuthServer, type Session } from './helpers';

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * Nobody can lock a member out by guessing at their password (OWASP: throttle per account and
 * address, slow down rather than lock per account, and never hold back a browser that is already
 * signed in).
 */
describe('no lockout of an account by other people', () => {
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
  const attempt = (email: string, password: string, ip: string, cookie?: string) => {
    const call = api().post('/v1/login').set('x-forwarded-for', ip);
    return (cookie ? call.set('cookie', cookie) : call).send({ email, password });
  };

  it('refuses the guessing address after 5 wrong passwords, while the owner signs in from another address', async () => {
    const member = await newMember(server.url, admin);
    for (let i = 0; i < 5; i++) await attempt(member.email, `wrong-password-${i}`, '10.60.0.1').expect(401);
    const blocked = await attempt(member.email, member.password, '10.60.0.1').expect(429);
    expect(blocked.body).toMatchObject({ status_code: 429, msg: { description: MSG.tooManyAttempts } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await attempt(member.email, member.password, '10.60.0.2').expect(200);
  });

  // Each password check is an argon2 hash, and 50 of them take a while on two busy cores.
  it('after 200 parallel guesses from 10 addresses, lets at most 5 per address reach the check, and the owner still signs in: at once with their sign-in cookie, slowed down without it', async () => {
    const member = await newMember(server.url, admin);
    const before = await login(server.url, member.email, member.password, { ip: '10.61.1.1' });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) =>
      attempt(member.email, `wrong-password-${i}`, `10.61.0.${(i % 10) + 1}`)));
    const counts = tally(answers.map((res) => res.status));
    expect((counts[401] ?? 0) + (counts[429] ?? 0), JSON.stringify(counts)).toBe(200);
    for (let address = 1; address <= 10; address++) {
      const checked = answers.filter((res, i) => (i % 10) + 1 === address && res.status === 401);
      expect(checked.length, `address ${address}`).toBeLessThanOrEqual(5);
    }
    expect(counts[401], JSON.stringify(counts)).toBeGreaterThan(5);

    // The browser that holds the member's refresh cookie is not held back, from any address.
    await attempt(member.email, member.password, '10.61.0.1', before.cookie).expect(200);
    await attempt(member.email, member.password, '10.61.2.1', before.cookie).expect(200);
    // Someone else's cookie counts for nothing: the guessing address stays refused.
    const other = await newMember(server.url, admin);
    await attempt(member.email, member.password, '10.61.0.1', other.cookie).expect(429);
    // Without a cookie, from a fresh address, the owner is slowed down, never locked out.
    await attempt(member.email, member.password, '10.61.3.1').expect(200);
  }, 120_000);

  it("lets a signed-in browser sign in again from an address whose budget others spent (a shared NAT), and only its own", async () => {
    const member = await newMember(server.url, admin);
    const before = await login(server.url, member.email, member.password, { ip: '10.62.1.1' });
    const shared = '10.62.0.1';
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(`someone${i}@example.com`, 'wrong-password', shared)));
    expect(guesses.filter((res) => res.status === 401)).toHaveLength(20);
    await attempt(member.email, member.password, shared).expect(429);
    await attempt(member.email, member.password, shared, before.cookie).expect(200);
  });
});
