import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { deleteJetStream, transcodeQueueNames } from '@stardeck/infra';

/** Admin connection used to create and drop per-test databases. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.TEST_NATS_URL || process.env.NATS_URL || 'nats://127.0.0.1:4222';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file, migrated (a copy of the run's migrated template) unless
 * `empty` asks for none; drop() removes it even if connections linger.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `stardeck_t_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? null : inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestStream {
  stream: string;
  subjectPrefix: string;
  drop(): Promise<void>;
}

/** A JetStream stream and subject space of its own, so test runs never see each other's events. */
export function createTestStream(): TestStream {
  const id = randomBytes(6).toString('hex');
  const stream = `STARDECK_T_${id}`;
  const subjectPrefix = `t${id}.events`;
  // The transcode queue of a process on this stream lives in a stream of its own.
  const queue = transcodeQueueNames(stream, subjectPrefix).stream;
  return {
    stream,
    subjectPrefix,
    drop: async () => {
      await deleteJetStream(TEST_NATS_URL, stream);
      await deleteJetStream(TEST_NATS_URL, queue);
    },
  };
}

/** Environment for a services-mode process (API, projector) on a test database and stream. */
export function servicesEnv(db: TestDatabase, stream: TestStream, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    NATS_STREAM: stream.stream,
    NATS_SUBJECT_PREFIX: stream.subjectPrefix,
    STARDECK_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    // Tests play the proxy: they choose client addresses with X-Forwarded-For.
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'silent',
    ...extra,
  };
}

export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A TCP port free on the loopback interface right now (for servers whose URL must be known before they start). */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as import('node:net').AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
