import { ConfigError, type Platform } from '@stardeck/infra';
import { TranscodeWorker } from '@stardeck/transcoder';
import { TrackOutcomeSink } from './transcode-outcome.sink';

/** TRANSCODER_CONCURRENCY jobs at once in this process (default 1): ffmpeg is CPU-bound. */
export function transcoderConcurrency(env: Record<string, string | undefined>): number {
  const raw = env.TRANSCODER_CONCURRENCY;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64) {
    throw new ConfigError([`TRANSCODER_CONCURRENCY must be a whole number from 1 to 64 (got "${raw}")`]);
  }
  return value;
}

/**
 * The in-process queue forgets its jobs when the process stops, while the dispatcher's checkpoint
 * has already moved past them. Tracks still processing are queued again at start (same job id,
 * so a job the dispatcher is about to send as well is queued once).
 */
async function requeueUnfinished(platform: Platform): Promise<number> {
  const unfinished = await platform.database.db
    .selectFrom('tracks')
    .select(['id', 'source_key', 'extension', 'lossless'])
    .where('status', '=', 'processing')
    .orderBy('id')
    .execute();
  for (const track of unfinished) {
    await platform.transcodeQueue.enqueue(`track-${track.id}`, {
      track_id: String(track.id), source_key: track.source_key, source_extension: track.extension, lossless: track.lossless,
    });
  }
  return unfinished.length;
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
    concurrency: transcoderConcurrency(env),
  });
  await worker.start();
  if (platform.transcodeQueue.kind === 'in-process') {
    const requeued = await requeueUnfinished(platform);
    if (requeued > 0) platform.logger.info({ requeued }, 'queued the transcodes left unfinished by the last run');
  }
  return worker;
}
