import type { Platform } from '@stardeck/infra';
import { TranscodeWorker } from '@stardeck/transcoder';
import { TrackOutcomeSink } from './transcode-outcome.sink';

/** TRANSCODER_CONCURRENCY jobs at once in this process (default 1): ffmpeg is CPU-bound. */
function concurrency(env: Record<string, string | undefined>): number {
  const value = Number(env.TRANSCODER_CONCURRENCY ?? 1);
  return Number.isInteger(value) && value >= 1 && value <= 64 ? value : 1;
}

/**
 * The transcoder worker with the tracks module's outcome sink. The transcoder package cannot
 * import the tracks write model (the API depends on it, not the other way round), so the worker
 * is composed here for every process that transcodes.
 */
export async function startTranscoderRole(platform: Platform, env: Record<string, string | undefined> = process.env): Promise<TranscodeWorker> {
  const worker = new TranscodeWorker({
    queue: platform.transcodeQueue,
    storage: platform.storage,
    sink: new TrackOutcomeSink(platform),
    logger: platform.logger.child({ component: 'transcoder' }),
    concurrency: concurrency(env),
  });
  await worker.start();
  return worker;
}
