import { startServer, type Role, type RunningServer } from '@stardeck/api';
import { freePort } from './services';

/**
 * What `npm start` runs on a bare machine: PGlite under `dataDir`, in-process bus and queue,
 * local storage. Service variables of the test run are removed so nothing leaks in.
 */
export async function startEmbeddedServer(dataDir: string, options: { roles?: Role[]; env?: Record<string, string>; port?: number } = {}): Promise<RunningServer & { port: number }> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env)) {
    if (['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'STARDECK_SECRET', 'PUBLIC_URL'].includes(name) || name.startsWith('S3_')) delete env[name];
  }
  const server = await startServer({
    roles: options.roles ?? ['api', 'projector', 'transcoder'],
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent', ...options.env },
    webDir: null,
  });
  return Object.assign(server, { port });
}
