import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type Role, type RunningServer } from '@stardeck/api';
import { inject } from 'vitest';
import { connectPglite, type DbHandle, type LogDestination } from '@stardeck/infra';
import { freePort } from './services';

/** The test run's environment minus what would point a server at services (which the test run sets). */
export function withoutServiceVariables(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...source };
  for (const name of Object.keys(env)) {
    if (['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'STARDECK_SECRET', 'PUBLIC_URL'].includes(name) || name.startsWith('S3_')) delete env[name];
  }
  return env;
}

/**
 * What `npm start` runs on a bare machine: PGlite under `dataDir`, in-process bus and queue,
 * local storage. Service variables of the test run are removed so nothing leaks in. A new data
 * directory starts from a copy of the run's migrated PGlite template.
 */
export async function startEmbeddedServer(dataDir: string, options: { roles?: Role[]; env?: Record<string, string>; port?: number; webDir?: string | null; logDestination?: LogDestination } = {}): Promise<RunningServer & { port: number }> {
  const port = options.port ?? (await freePort());
  const env = withoutServiceVariables(process.env);
  const database = join(dataDir, 'pglite');
  if (!existsSync(database)) cpSync(inject('pgliteTemplate'), database, { recursive: true });
  const server = await startServer({
    roles: options.roles ?? ['api', 'projector', 'transcoder'],
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent', ...options.env },
    webDir: options.webDir ?? null,
    logDestination: options.logDestination,
  });
  return Object.assign(server, { port });
}

/** A migrated PGlite database of its own under `dir`, copied from the run's template. */
export async function openTemplateDatabase(dir: string): Promise<DbHandle> {
  const database = join(dir, 'pglite');
  cpSync(inject('pgliteTemplate'), database, { recursive: true });
  return connectPglite(database);
}
