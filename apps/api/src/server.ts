import { resolve } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Relay, createLogger, createPlatform, loadConfig, runProcess, type LogDestination, type Logger, type Platform, type StardeckConfig } from '@stardeck/infra';
import { ProjectorRuntime, runnableProjections } from '@stardeck/projector';
import { startTranscoderRole } from '@stardeck/transcoder';
import { AdminBootstrapService } from './accounts';
import { adminCredentialsBox, type FirstAdminCredentials } from './accounts/admin-credentials-box';
import { createApp } from './create-app';

export type Role = 'api' | 'projector' | 'transcoder';

export interface ServerOptions {
  env?: Record<string, string | undefined>;
  /** Which parts run in this process. The all-in-one process runs every part. */
  roles: Role[];
  webDir?: string | null;
  /** Overrides for tests: port 0 picks a free port. */
  config?: Partial<StardeckConfig>;
  /** Where log lines go instead of stdout (tests read what an operator would see). */
  logDestination?: LogDestination;
  /** Where the first start's admin credentials are printed, outside the log (stdout unless tests say otherwise). */
  announce?: { write(text: string): unknown };
}

export interface RunningServer {
  app: NestFastifyApplication;
  platform: Platform;
  logger: Logger;
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_WEB_DIR = resolve(__dirname, '../../web/dist');

/** Starts the configured parts of stardeck in this process and returns a handle to stop them. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const config = { ...loadConfig(options.env ?? process.env), ...options.config };
  const logger = createLogger(config.logLevel, 'stardeck', options.logDestination);
  const platform = await createPlatform(config, logger);
  const relay = new Relay(platform.store, platform.bus, platform.locks, logger.child({ component: 'relay' }));
  relay.start();
  const projector = options.roles.includes('projector')
    ? new ProjectorRuntime(runnableProjections(platform), platform.store, platform.bus, platform.locks, logger.child({ component: 'projector' }), {
      rebuildBatchSize: config.rebuildBatchSize,
    })
    : null;
  projector?.start();
  const transcoder = options.roles.includes('transcoder') ? await startTranscoderRole(platform, options.env ?? process.env) : null;
  const app = await createApp(platform, { webDir: options.webDir === undefined ? DEFAULT_WEB_DIR : options.webDir });
  let firstAdmin: FirstAdminCredentials | null;
  try {
    firstAdmin = await app.get(AdminBootstrapService).ensureAdmin();
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A failed start must not leave the relay, projections and database connections running.
    await app.close().catch(() => undefined);
    await transcoder?.stop();
    await projector?.stop();
    await relay.stop();
    await platform.close();
    throw error;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;
  // The address people use, as the README and mailed links give it (port 0 is filled in).
  const siteUrl = config.publicUrl.replace(/:0$/, `:${port}`);
  logger.info({ url: siteUrl, mode: config.mode, roles: options.roles, database: platform.database.kind, bus: platform.bus.kind }, 'stardeck listening');
  if (firstAdmin) (options.announce ?? process.stdout).write(adminCredentialsBox(firstAdmin, siteUrl));
  return {
    app,
    platform,
    logger,
    url,
    close: async () => {
      await app.close();
      await transcoder?.stop();
      await projector?.stop();
      await relay.stop();
      await platform.close();
    },
  };
}

/** Entry point helper: start, stop cleanly on SIGTERM/SIGINT, print config problems plainly. */
export function runMain(roles: Role[]): void {
  runProcess(async () => {
    const server = await startServer({ roles });
    return { logger: server.logger, stop: () => server.close() };
  });
}
