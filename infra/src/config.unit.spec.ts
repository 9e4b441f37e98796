import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(join(tmpdir(), 'stardeck-config-'));

describe('loadConfig', () => {
  it('runs embedded on a bare environment, with a secret kept beside the data', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ mode: 'embedded', port: 8080, databaseUrl: null, natsUrl: null });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('uses the services when their URLs are given', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/x', NATS_URL: 'nats://bus:4222', STARDECK_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({ mode: 'services', databaseUrl: 'postgres://u@db:5432/x', natsUrl: 'nats://bus:4222' });
  });

  it('reports every bad variable at once, each in its own plain sentence', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', NATS_URL: '::', STARDECK_ADMIN_EMAIL: 'a@b.co', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual(expect.arrayContaining([
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://…")',
      'NATS_URL is not a valid URL',
      'STARDECK_ADMIN_EMAIL and STARDECK_ADMIN_PASSWORD must be set together',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]));
    expect((error as Error).message).toContain('invalid configuration');
  });

  it('requires a signing secret in services mode and the services for a process run alone', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x' })).toThrow(/STARDECK_SECRET is required/);
    expect(() => loadConfig({ DATA_DIR: tmp() }, { requireServices: true })).toThrow(/DATABASE_URL is required/);
  });

  it('caps track duration at 3 hours and encoding at 30 minutes unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ transcodeMaxDurationSeconds: 10_800, transcodeTimeLimitSeconds: 1800 });
    expect(loadConfig({ DATA_DIR: tmp(), TRANSCODE_MAX_DURATION_SECONDS: '600', TRANSCODE_TIME_LIMIT_SECONDS: '120' }))
      .toMatchObject({ transcodeMaxDurationSeconds: 600, transcodeTimeLimitSeconds: 120 });
    expect(() => loadConfig({ DATA_DIR: tmp(), TRANSCODE_MAX_DURATION_SECONDS: '0' })).toThrow(/TRANSCODE_MAX_DURATION_SECONDS must be a whole number/);
  });

  it("leaves an admin's own invites uncapped unless ADMIN_INVITE_LIMIT sets a cap", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).adminInviteLimit).toBeNull();
    expect(loadConfig({ DATA_DIR: tmp(), ADMIN_INVITE_LIMIT: '25' }).adminInviteLimit).toBe(25);
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_INVITE_LIMIT: 'many' })).toThrow('ADMIN_INVITE_LIMIT must be a whole number from 0 to 1000000 (got "many")');
  });

  it('never lets password hashing drop below the OWASP minimum', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ARGON2_MEMORY_KIB: '1024' })).toThrow(/ARGON2_MEMORY_KIB/);
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ argon2MemoryKib: 19456, argon2TimeCost: 2 });
  });

  it('migrates at start unless told not to, which only a Postgres site may be, and opens a health port when asked', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ migrateOnStart: true, healthPort: null });
    const cluster = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://db/stardeck', STARDECK_SECRET: 'x'.repeat(32), MIGRATE_ON_START: 'false', HEALTH_PORT: '8081' });
    expect(cluster).toMatchObject({ migrateOnStart: false, healthPort: 8081 });
    expect(() => loadConfig({ DATA_DIR: tmp(), MIGRATE_ON_START: 'false' })).toThrow('MIGRATE_ON_START=false needs DATABASE_URL');
    expect(() => loadConfig({ DATA_DIR: tmp(), MIGRATE_ON_START: 'later' })).toThrow('MIGRATE_ON_START must be true or false (got "later")');
  });

  it('hashes at the cheapest cost only for a test run, and never when NODE_ENV is production', () => {
    expect(loadConfig({ DATA_DIR: tmp(), STARDECK_TEST_FAST_HASHING: '1' })).toMatchObject({ argon2MemoryKib: 1024, argon2TimeCost: 1 });
    expect(loadConfig({ DATA_DIR: tmp(), STARDECK_TEST_FAST_HASHING: '1', ARGON2_MEMORY_KIB: '19456' })).toMatchObject({ argon2MemoryKib: 19456 });
    expect(() => loadConfig({ DATA_DIR: tmp(), STARDECK_TEST_FAST_HASHING: '1', NODE_ENV: 'production' })).toThrow(
      'STARDECK_TEST_FAST_HASHING is for test runs only and is refused when NODE_ENV is production',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts forwarded addresses only when told to', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be/);
  });
});

describe('processes that sign nothing', () => {
  it('start in services mode without STARDECK_SECRET and write no secret file', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATABASE_URL: 'postgres://db/x', NATS_URL: 'nats://bus:4222', DATA_DIR: dataDir }, { requireServices: true, requireSecret: false });
    expect(config.jwtSecret).toBe('');
    expect(() => readFileSync(join(dataDir, 'secret'))).toThrow();
  });
});
