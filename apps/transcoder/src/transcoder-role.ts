import { TrackOutcomeRecorder, sentTranscodes, transcodeJobOf } from '@stardeck/domain';
import { ConfigError, type Platform } from '@stardeck/infra';
import { TranscodeWorker } from './worker';

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
 * has already moved past them. Tracks whose job was sent and that are still processing are queued
 * again at start (same job id, so a job the dispatcher is about to send as well is queued once);
 * the ones waiting their owner's turn stay with the dispatcher.
 */
async function requeueUnfinished(platform: Platform): Promise<number> {
  const unfinished = await sentTranscodes(platform.database.db);
  for (const track of unfinished) {
    const { id, job } = transcodeJobOf({ ...track, track_id: track.id });
    await platform.transcodeQueue.enqueue(id, job);
  }
  return unfinished.length;
}

/** The transcoder worker, reporting outcomes to the tracks write model; every process that transcodes starts it this way. */
export async function startTranscoderRole(platform: Platform, env: Record<string, string | undefined> = process.env): Promise<TranscodeWorker> {
  const worker = new TranscodeWorker({
    queue: platform.transcodeQueue,
    storage: platform.storage,
    sink: new TrackOutcomeRecorder(platform),
    logger: platform.logger.child({ component: 'transcoder' }),
    concurrency: transcoderConcurrency(env),
    maxDurationSeconds: platform.config.transcodeMaxDurationSeconds,
    timeLimitSeconds: platform.config.transcodeTimeLimitSeconds,
  });
  await worker.start();
  if (platform.transcodeQueue.kind === 'in-process') {
    const requeued = await requeueUnfinished(platform);
    if (requeued > 0) platform.logger.info({ requeued }, 'queued the transcodes left unfinished by the last run');
  }
  return worker;
}
