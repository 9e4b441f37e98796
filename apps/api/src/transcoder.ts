import { createLogger, createPlatform, loadConfig, runProcess } from '@stardeck/infra';
import { startTranscoderRole } from './tracks/transcoder-role';

/**
 * `npm run start:transcoder`: the transcoder process on its own (services mode), no HTTP. It is
 * composed here rather than in apps/transcoder because reporting outcomes needs the tracks write
 * model, which lives in the API package (and the API already depends on the transcoder).
 */
async function main(): Promise<{ stop(): Promise<void> }> {
  const config = loadConfig(process.env, { requireServices: true, requireSecret: false });
  const logger = createLogger(config.logLevel, 'transcoder');
  const platform = await createPlatform(config, logger);
  const worker = await startTranscoderRole(platform);
  logger.info('transcoder started; waiting for jobs');
  return {
    stop: async () => {
      await worker.stop();
      await platform.close();
    },
  };
}

runProcess(main);
