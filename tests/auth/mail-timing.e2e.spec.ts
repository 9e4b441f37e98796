import { MAIL_REQUEST_ANSWER_MS } from '@stardeck/api';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, login, startAuthServer, waitlistInvite, type Session } from './helpers';

const SAMPLES = 16;
/** Each address may ask for 3 mails an hour. */
const PER_ADDRESS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Whether an address has an account must not show in how fast forgot_password and resend_verification answer. */
describe('answer time of mail requests', () => {
  let server: TestServer;
  let admin: Session;
  const known: string[] = [];
  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    // Accounts still waiting for verification: both calls append an event for them.
    for (let i = 0; i < Math.ceil(SAMPLES / PER_ADDRESS); i++) {
      const email = `timing${i}@example.com`;
      const invite = await waitlistInvite(server.url, admin, email);
      await request(server.url).post('/v1/create_account').send({
        email, username: `timing${i}`, password: 'member-password', verify_password: 'member-password', terms: true, invitation_key: invite.key,
      }).expect(201);
      known.push(email);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function timed(path: string, email: string, ip: string): Promise<number> {
    const started = performance.now();
    await request(server.url).post(path).set('x-forwarded-for', ip).send({ email }).expect(200);
    return performance.now() - started;
  }

  it('answers known and unknown addresses no sooner than the same floor, with medians close together', async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    // Interleaved, so a busy moment of the machine falls on both kinds alike.
    for (let i = 0; i < SAMPLES; i++) {
      const path = i % 2 ? '/v1/resend_verification' : '/v1/forgot_password';
      times.known.push(await timed(path, known[Math.floor(i / PER_ADDRESS)]!, `10.42.0.${i + 1}`));
      times.unknown.push(await timed(path, `nobody${i}@example.com`, `10.43.0.${i + 1}`));
    }
    // The mechanism: every answer waited for the floor, whatever the address.
    expect(Math.min(...times.known)).toBeGreaterThanOrEqual(MAIL_REQUEST_ANSWER_MS);
    expect(Math.min(...times.unknown)).toBeGreaterThanOrEqual(MAIL_REQUEST_ANSWER_MS);
    // A loose statistical check on top: the typical answer times of both kinds stay close.
    expect(Math.abs(median(times.known) - median(times.unknown)), JSON.stringify(times)).toBeLessThan(MAIL_REQUEST_ANSWER_MS / 5);
  });
});
