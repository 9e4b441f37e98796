import { startServer, type Role, type RunningServer } from '@stardeck/api';
import { createTestDatabase, createTestStream, servicesEnv, type TestDatabase, type TestStream } from './services';

export interface TestServer extends RunningServer {
  db: TestDatabase;
  stream: TestStream;
  stop(): Promise<void>;
}

/** The composed app on a fresh database and stream, listening on a free port. `webDir` serves a built web client. */
export async function startTestServer(options: { roles?: Role[]; env?: Record<string, string>; webDir?: string | null } = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  const stream = createTestStream();
  const server = await startServer({
    roles: options.roles ?? ['api', 'projector'],
    env: servicesEnv(db, stream, { PORT: '0', HOST: '127.0.0.1', ...options.env }),
    webDir: options.webDir ?? null,
  });
  return {
    ...server,
    db,
    stream,
    stop: async () => {
      await server.close();
      await stream.drop().catch(() => undefined);
      await db.drop();
    },
  };
}
