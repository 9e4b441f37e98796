import { ConfigError, createLogger, createPlatform, loadConfig } from '@stardeck/infra';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { LoggingOutcomeSink } from './outcome-sink';
import { TranscodeWorker } from './worker';

function concurrency(): number {
  const raw = process.env.TRANSCODER_CONCURRENCY;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64) {
    throw new ConfigError([`TRANSCODER_CONCURRENCY must be a whole number from 1 to 64 (got "${raw}")`]);
  }
  return value;
}

/** The transcoder process on its own; start several to transcode in parallel across machines. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { requireServices: true, requireSecret: false });
  const jobs = concurrency();
  const logger = createLogger(config.logLevel, 'transcoder');
  const binaries = ffmpegBinaries();
  const platform = await createPlatform(config, logger);
  const worker = new TranscodeWorker({
    queue: platform.transcodeQueue,
    storage: platform.storage,
    sink: new LoggingOutcomeSink(logger),
    logger,
    concurrency: jobs,
  });
  await worker.start();
  logger.info({ concurrency: jobs, ffmpeg: binaries.ffmpeg, ffprobe: binaries.ffprobe }, 'transcoder started; waiting for jobs');
  const shutdown = async () => {
    await worker.stop();
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
