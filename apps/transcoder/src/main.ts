import { createLogger, createPlatform, loadConfig, runProcess, startHealthServer, type RunningProcess } from '@stardeck/infra';
import { startTranscoderRole } from './transcoder-role';

/** `npm run start:transcoder`: the transcoder process on its own (services mode), no HTTP. */
async function main(): Promise<RunningProcess> {
  const config = loadConfig(process.env, { requireServices: true, requireSecret: false });
  const logger = createLogger(config.logLevel, 'transcoder');
  const platform = await createPlatform(config, logger);
  const worker = await startTranscoderRole(platform);
  const health = config.healthPort ? await startHealthServer(platform, config.healthPort) : null;
  logger.info({ healthPort: config.healthPort }, 'transcoder started; waiting for jobs');
  return {
    logger,
    stop: async () => {
      await health?.close();
      await worker.stop();
      await platform.close();
    },
  };
}

runProcess(main);
