import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type Role, type RunningServer } from '@stardeck/api';
import { startEmbeddedServer } from './embedded';
import { createTestDatabase, createTestStream, freePort, servicesEnv, type TestDatabase, type TestStream } from './services';

/**
 * Which configuration end-to-end suites run on: every `.e2e.spec.ts` runs twice, once on the
 * embedded default that `npm start` gives (PGlite, in-process bus and queue) and once on services
 * (Postgres, NATS JetStream). The test project sets STARDECK_TEST_CONFIG.
 */
export type TestConfig = 'embedded' | 'services';
export const TEST_CONFIG: TestConfig = process.env.STARDECK_TEST_CONFIG === 'embedded' ? 'embedded' : 'services';

export interface TestServer extends RunningServer {
  config: TestConfig;
  /** Local storage and, when embedded, the database live here. */
  dataDir: string;
  port: number;
  /** The services this server runs on; null when embedded. */
  services: { db: TestDatabase; stream: TestStream } | null;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  roles?: Role[];
  env?: Record<string, string>;
  webDir?: string | null;
}

/** The composed app on a fresh database, bus and data directory, listening on a free port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-test-'));
  const port = await freePort();
  const roles = options.roles ?? ['api', 'projector'];
  // Tests play the proxy: they choose client addresses with X-Forwarded-For.
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: 'true', ...options.env };
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (TEST_CONFIG === 'embedded') {
    const server = await startEmbeddedServer(dataDir, { roles, env, port, webDir: options.webDir });
    return {
      ...server, config: TEST_CONFIG, dataDir, port, services: null,
      stop: async () => {
        await server.close();
        removeDataDir();
      },
    };
  }
  const db = await createTestDatabase();
  const stream = createTestStream();
  const server = await startServer({ roles, env: servicesEnv(db, stream, env), webDir: options.webDir ?? null });
  return {
    ...server, config: TEST_CONFIG, dataDir, port, services: { db, stream },
    stop: async () => {
      await server.close();
      await stream.drop().catch(() => undefined);
      await db.drop();
      removeDataDir();
    },
  };
}
