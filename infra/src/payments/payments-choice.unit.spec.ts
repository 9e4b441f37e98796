import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { choosePayments } from '../platform';

const SERVICES = { DATABASE_URL: 'postgres://u@db:5432/x', NATS_URL: 'nats://bus:4222', STARDECK_SECRET: 'x'.repeat(32) };
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const embedded = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'stardeck-payments-')) });

function chosen(env: Record<string, string>) {
  const warnings: string[] = [];
  const payments = choosePayments(loadConfig(env), { warn: (_fields: object, message: string) => warnings.push(message) } as never);
  return { kind: payments.kind, warnings };
}

describe('which payments adapter runs', () => {
  it('never falls back to the simulator on the services configuration: without Stripe keys and PAYMENTS, nothing is sold', () => {
    expect(chosen(SERVICES)).toEqual({ kind: 'none', warnings: [] });
  });

  it('runs the simulator only when PAYMENTS names it (the embedded default), and warns loudly at start each time', () => {
    for (const env of [{ ...SERVICES, PAYMENTS: 'simulator' }, embedded()]) {
      const { kind, warnings } = chosen(env);
      expect(kind).toBe('simulator');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/PAYMENTS=simulator.*for free/);
    }
  });

  it('takes Stripe when its keys are set, and lets an operator turn payments off by name', () => {
    expect(chosen({ ...SERVICES, ...STRIPE })).toEqual({ kind: 'stripe', warnings: [] });
    expect(chosen({ ...embedded(), ...STRIPE })).toEqual({ kind: 'stripe', warnings: [] });
    expect(chosen({ ...embedded(), PAYMENTS: 'none' })).toEqual({ kind: 'none', warnings: [] });
  });

  it('refuses PAYMENTS=stripe without its keys, and a value it does not know', () => {
    expect(() => loadConfig({ ...SERVICES, PAYMENTS: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...SERVICES, PAYMENTS: 'free' })).toThrow(/PAYMENTS must be stripe, simulator or none/);
  });
});
