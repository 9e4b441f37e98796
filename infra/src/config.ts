import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readS3Config } from './storage/s3-config';
import type { StripePaymentsOptions } from './payments/payments';
import type { S3StorageOptions } from './storage/s3-storage';

export interface StardeckConfig {
  mode: 'embedded' | 'services';
  port: number;
  host: string;
  /** Base URL people reach the site at; links in mail point here. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  natsUrl: string | null;
  natsStream: string;
  natsSubjectPrefix: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /**
   * How long a just-rotated refresh token may still be presented (tabs that sync at the same
   * instant): it answers with its successor instead of counting as theft.
   */
  refreshReuseSeconds: number;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string | null;
  adminPassword: string | null;
  logLevel: string;
  /**
   * Whether X-Forwarded-For decides the client address (per-IP login throttling). Only true behind
   * a proxy that sets it; otherwise any client could pick its own address.
   */
  trustProxy: boolean | number | string;
  /** argon2id cost; never below OWASP's minimum (19 MiB, t=2). */
  argon2MemoryKib: number;
  argon2TimeCost: number;
  /** How long a transcode job may go without a heartbeat before another transcoder gets it (its worker died). */
  transcodeAckWaitSeconds: number;
  /** Longest audio a track may have; longer uploads fail (work and renditions grow with duration). */
  transcodeMaxDurationSeconds: number;
  /** Longest one job's encoding may take before ffmpeg is stopped and the track fails. */
  transcodeTimeLimitSeconds: number;
  /** S3-compatible object storage; null keeps objects on local disk under `dataDir`. */
  s3: S3StorageOptions | null;
  /** ADMIN_INVITE_LIMIT: how many invites an admin may hold; null (the default) for no limit. */
  adminInviteLimit: number | null;
  /**
   * Bring the database schema up to date at start (MIGRATE_ON_START, default true: `npm start`
   * and a single process). A cluster sets it to false on every replica and runs `migrate` once
   * per release; the replicas then wait until the schema is current.
   */
  migrateOnStart: boolean;
  /** A port for /health and /ready on processes that serve no HTTP (projector, transcoder); null for none. */
  healthPort: number | null;
  /** PROJECTION_REBUILD_BATCH: events a rebuild applies per transaction (more is faster; each batch holds its transaction longer). */
  rebuildBatchSize: number;
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, optional STRIPE_PRICE_CORE/PREMIUM, STRIPE_API_URL); null when not configured. */
  stripe: StripePaymentsOptions | null;
  /**
   * PAYMENTS: who takes payments. `stripe` when its keys are set; `simulator` (free paid plans for
   * trying the product) only when asked for by name, or by default on the embedded configuration;
   * otherwise `none`, and paid plans are unavailable.
   */
  payments: PaymentsMode;
  /**
   * METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>`. Without one it answers
   * 404 on the services configuration, and only requests from this machine on the embedded one.
   */
  metricsToken: string | null;
}

export type PaymentsMode = 'stripe' | 'simulator' | 'none';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const OWASP_MIN_MEMORY_KIB = 19 * 1024;
const OWASP_MIN_TIME = 2;
/**
 * argon2's cheapest cost, for test runs only (STARDECK_TEST_FAST_HASHING=1), as Django's test
 * runner swaps in a fast hasher: a test run hashes thousands of passwords, and at OWASP's cost
 * that was a large share of its CPU. Start-up refuses it when NODE_ENV is production.
 */
const TEST_MIN_MEMORY_KIB = 1024;
const TEST_MIN_TIME = 1;

/**
 * Reads and checks every variable at once, so a bad start reports all problems together.
 * `requireSecret: false` is for processes that sign nothing (projector, transcoder), so they start with
 * only DATABASE_URL and NATS_URL.
 */
export function loadConfig(env: Env = process.env, options: { requireServices?: boolean; requireSecret?: boolean } = {}): StardeckConfig {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = env[name];
    if (!raw) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${parsed.protocol}//…")`);
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
  };

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const natsUrl = url('NATS_URL', ['nats:', 'tls:', 'ws:', 'wss:']);
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  const port = int('PORT', 8080, 0, 65535);
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const dataDir = resolve(env.DATA_DIR || './data');

  if (options.requireServices && !databaseUrl) problems.push('DATABASE_URL is required when this process runs on its own');
  if (options.requireServices && !natsUrl) problems.push('NATS_URL is required when this process runs on its own');

  const adminEmail = env.STARDECK_ADMIN_EMAIL || null;
  const adminPassword = env.STARDECK_ADMIN_PASSWORD || null;
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    problems.push('STARDECK_ADMIN_EMAIL and STARDECK_ADMIN_PASSWORD must be set together');
  }
  if (adminPassword && (adminPassword.length < 8 || adminPassword.length > 32)) {
    problems.push('STARDECK_ADMIN_PASSWORD must be 8 to 32 characters');
  }

  const mode = databaseUrl ? 'services' : 'embedded';
  const jwtSecret = env.STARDECK_SECRET ?? '';
  if (jwtSecret && jwtSecret.length < 32) problems.push('STARDECK_SECRET must be at least 32 characters');
  if (!jwtSecret && mode === 'services' && options.requireSecret !== false) problems.push('STARDECK_SECRET is required with DATABASE_URL (at least 32 characters)');

  if (!databaseUrl && ['false', '0'].includes(env.MIGRATE_ON_START?.trim().toLowerCase() ?? '')) {
    problems.push('MIGRATE_ON_START=false needs DATABASE_URL: the embedded database has no one else to migrate it');
  }
  const fastHashing = env.STARDECK_TEST_FAST_HASHING === '1';
  if (fastHashing && env.NODE_ENV === 'production') problems.push('STARDECK_TEST_FAST_HASHING is for test runs only and is refused when NODE_ENV is production');
  const minMemoryKib = fastHashing ? TEST_MIN_MEMORY_KIB : OWASP_MIN_MEMORY_KIB;
  const minTime = fastHashing ? TEST_MIN_TIME : OWASP_MIN_TIME;

  const level = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(level)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${level}")`);
  }

  const config: StardeckConfig = {
    mode,
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: publicUrl.replace(/\/$/, ''),
    dataDir,
    databaseUrl,
    natsUrl,
    natsStream: env.NATS_STREAM || 'STARDECK_EVENTS',
    natsSubjectPrefix: env.NATS_SUBJECT_PREFIX || 'stardeck.events',
    jwtSecret,
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 900, 5, 86_400),
    refreshReuseSeconds: int('REFRESH_REUSE_SECONDS', 10, 0, 60),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'stardeck <no-reply@stardeck.local>',
    adminEmail,
    adminPassword,
    logLevel: level,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    argon2MemoryKib: int('ARGON2_MEMORY_KIB', minMemoryKib, minMemoryKib, 4 * 1024 * 1024),
    argon2TimeCost: int('ARGON2_TIME_COST', minTime, minTime, 20),
    transcodeAckWaitSeconds: int('TRANSCODE_ACK_WAIT_SECONDS', 30, 2, 3600),
    transcodeMaxDurationSeconds: int('TRANSCODE_MAX_DURATION_SECONDS', 3 * 3600, 1, 24 * 3600),
    transcodeTimeLimitSeconds: int('TRANSCODE_TIME_LIMIT_SECONDS', 30 * 60, 1, 24 * 3600),
    s3: readS3Config(env, problems),
    stripe: readStripeConfig(env, problems),
    adminInviteLimit: env.ADMIN_INVITE_LIMIT ? int('ADMIN_INVITE_LIMIT', 0, 0, 1_000_000) : null,
    migrateOnStart: bool('MIGRATE_ON_START', true),
    healthPort: env.HEALTH_PORT ? int('HEALTH_PORT', 0, 1, 65535) : null,
    payments: 'none',
    metricsToken: env.METRICS_TOKEN || null,
    rebuildBatchSize: int('PROJECTION_REBUILD_BATCH', 2000, 1, 100_000),
  };
  if (config.metricsToken !== null && config.metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  config.payments = readPaymentsMode(env.PAYMENTS, config.stripe !== null, mode, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  // Only embedded mode makes its own secret; a services-mode process without one signs nothing.
  if (!config.jwtSecret && mode === 'embedded') config.jwtSecret = embeddedSecret(dataDir);
  return config;
}

/** Embedded mode keeps a generated signing secret beside its data, so sessions survive a restart. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** TRUST_PROXY: true/false, a hop count, or comma-separated addresses/CIDRs of trusted proxies. */
function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F.:/,\s]+$/.test(raw)) return raw;
  problems.push(`TRUST_PROXY must be true, false, a number of proxy hops or a list of proxy addresses (got "${raw}")`);
  return false;
}

/**
 * Missing Stripe keys never fall back to something that grants paid plans for free: the simulator
 * runs only when PAYMENTS names it, or on the embedded configuration where nobody pays anyway.
 */
function readPaymentsMode(raw: string | undefined, stripeConfigured: boolean, mode: StardeckConfig['mode'], problems: string[]): PaymentsMode {
  if (raw === undefined || raw === '') {
    if (stripeConfigured) return 'stripe';
    return mode === 'embedded' ? 'simulator' : 'none';
  }
  if (raw === 'stripe') {
    if (!stripeConfigured) problems.push('PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return 'stripe';
  }
  if (raw === 'simulator' || raw === 'none') return raw;
  problems.push(`PAYMENTS must be stripe, simulator or none (got "${raw}")`);
  return 'none';
}

/** Stripe needs its key and the webhook signing secret together; the API URL is for a local fake in tests. */
function readStripeConfig(env: Env, problems: string[]): StripePaymentsOptions | null {
  const secretKey = env.STRIPE_SECRET_KEY || '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || '';
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
    return null;
  }
  let apiUrl: string | null = null;
  if (env.STRIPE_API_URL) {
    try {
      const parsed = new URL(env.STRIPE_API_URL);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') problems.push('STRIPE_API_URL must start with http:// or https://');
      apiUrl = env.STRIPE_API_URL;
    } catch {
      problems.push('STRIPE_API_URL is not a valid URL');
    }
  }
  return { secretKey, webhookSecret, apiUrl, prices: { core: env.STRIPE_PRICE_CORE || undefined, premium: env.STRIPE_PRICE_PREMIUM || undefined } };
}
