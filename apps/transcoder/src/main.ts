import { ConfigError, createLogger, createPlatform, loadConfig } from '@stardeck/infra';

async function main(): Promise<void> {
  const config = loadConfig(process.env, { requireServices: true });
  const logger = createLogger(config.logLevel, 'transcoder');
  const platform = await createPlatform(config, logger);
  logger.info('transcoder started; waiting for jobs');
  const shutdown = async () => {
    await platform.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
