import { SimulatedPayments } from '@stardeck/infra';
import { describe, expect, it } from 'vitest';
import { paymentsContract } from './payments-contract';

const SERVER_SECRET = 'server-secret-for-the-simulator-contract';
const sessionOf = (url: string) => new URL(url).searchParams.get('session') ?? '';

paymentsContract('simulator', async () => {
  const payments = new SimulatedPayments({ publicUrl: 'http://127.0.0.1:8080', serverSecret: SERVER_SECRET });
  return {
    payments,
    sign: (payload: string, timestamp?: number) => payments.sign(payload, timestamp),
    checkoutOf: async (url: string, userId: string) => {
      const session = payments.readSession(sessionOf(url), userId);
      return session && { userId: session.userId, plan: session.plan };
    },
    secrets: [SERVER_SECRET],
    close: async () => undefined,
  };
});

describe('payments simulator', () => {
  it('opens a checkout page only for the member it was made for, unchanged and before it expires', async () => {
    let now = 1_000_000;
    const payments = new SimulatedPayments({ publicUrl: 'http://127.0.0.1:8080', serverSecret: SERVER_SECRET, now: () => now });
    const token = sessionOf((await payments.createCheckout({ userId: '5', email: 'five@example.test', plan: 'core', customerId: null, successUrl: '', cancelUrl: '' })).url);
    expect(payments.readSession(token, '5')).toMatchObject({ userId: '5', plan: 'core' });
    expect(payments.readSession(token, '6')).toBeNull();
    const [body, mac] = token.split('.');
    const forged = Buffer.from(Buffer.from(body!, 'base64url').toString().replace('"core"', '"premium"')).toString('base64url');
    expect(payments.readSession(`${forged}.${mac}`, '5')).toBeNull();
    const otherServer = new SimulatedPayments({ publicUrl: 'http://127.0.0.1:8080', serverSecret: 'another-server', now: () => now });
    expect(otherServer.readSession(token, '5')).toBeNull();
    now += 31 * 60_000;
    expect(payments.readSession(token, '5')).toBeNull();
  });
});
