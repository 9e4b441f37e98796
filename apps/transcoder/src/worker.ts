import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storageKeys } from '@stardeck/domain';
import type { JobContext, JobQueue, JobSubscription, ObjectStorage, TranscodeJob } from '@stardeck/infra';
import type { Logger } from 'pino';
import { isUploadFormat, isVideoFormat } from './input-format';
import { defaultTempRoot, removeStaleJobDirectories, withJobDirectory } from './job-directory';
import type { StoredRendition, StoredVideo, TranscodeOutcomeSink, TranscodeResult } from './outcome-sink';
import { expectedRenditionBytes, expectedVideoBytes } from './encoders';
import { transcodeAudio, type RenditionFile } from './pipeline';
import type { VideoFiles } from './video-files';
import { REASONS, TranscodeError } from './transcode-error';

/** Deterministic keys: a redelivered or duplicate job overwrites the same objects, never adds a set. */
export const renditionKeys = storageKeys.renditions;

export interface TranscodeWorkerOptions {
  queue: JobQueue<TranscodeJob>;
  storage: ObjectStorage;
  sink: TranscodeOutcomeSink;
  logger: Logger;
  /** Jobs this process works on at once (TRANSCODER_CONCURRENCY). */
  concurrency?: number;
  /** Parent of the per-job temporary directories. */
  tempRoot?: string;
  /** Progress reports to the sink at most this often, so a fast job does not flood it. */
  progressIntervalMs?: number;
  /** Longest audio a track may have (TRANSCODE_MAX_DURATION_SECONDS). */
  maxDurationSeconds?: number;
  /** Longest a job's encoding may take before ffmpeg is stopped (TRANSCODE_TIME_LIMIT_SECONDS). */
  timeLimitSeconds?: number;
}

/** Takes transcode jobs from the queue, makes the renditions, stores them and reports the outcome. */
export class TranscodeWorker {
  private subscription: JobSubscription | null = null;
  private readonly tempRoot: string;

  constructor(private readonly options: TranscodeWorkerOptions) {
    this.tempRoot = options.tempRoot ?? defaultTempRoot();
  }

  async start(): Promise<void> {
    await this.cleanStale();
    this.subscription = await this.options.queue.consume((job, context) => this.handle(job, context), {
      concurrency: this.options.concurrency ?? 1,
      onGiveUp: (job, error) => {
        this.options.logger.error({ err: error, trackId: job.track_id }, 'transcode gave up after the last attempt');
        return this.options.sink.failed(job.track_id, REASONS.gaveUp);
      },
    });
  }

  /** Stops taking jobs; running ones are cancelled and go back to the queue for another worker. */
  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /**
   * One job. A file that is not usable audio is reported failed and acknowledged (retrying cannot
   * help); any other error is thrown so the queue retries it.
   */
  async handle(job: TranscodeJob, context: JobContext): Promise<void> {
    const { sink, logger } = this.options;
    if (await sink.isAlreadyDone(job.track_id)) {
      logger.info({ trackId: job.track_id }, 'duplicate transcode job for a finished track; skipped');
      return;
    }
    await this.cleanStale();
    const started = Date.now();
    // Which transcoder holds which track, and on which attempt: what an operator follows when a
    // transcoder is lost mid-job and the queue hands the track to another.
    logger.info({ trackId: job.track_id, attempt: context.attempt }, 'transcoding');
    try {
      const result = await withJobDirectory(this.tempRoot, (dir) => this.transcode(job, dir, context.signal));
      await sink.succeeded(job.track_id, result);
      logger.info({ trackId: job.track_id, attempt: context.attempt, ms: Date.now() - started }, 'track transcoded');
    } catch (error) {
      if (!(error instanceof TranscodeError)) throw error;
      logger.warn({ trackId: job.track_id, reason: error.message, detail: error.detail }, 'upload is not usable audio');
      await sink.failed(job.track_id, error.message);
    }
  }

  private async transcode(job: TranscodeJob, dir: string, signal: AbortSignal): Promise<TranscodeResult> {
    // Checked before anything is read: the format decides how ffmpeg opens the file.
    if (!isUploadFormat(job.source_format)) throw new TranscodeError(REASONS.undecodable, `unknown source format "${String(job.source_format)}"`);
    const sourcePath = join(dir, `source.${job.source_format}`);
    await this.options.storage.download(job.source_key, sourcePath);
    const outputDir = join(dir, 'out');
    await mkdir(outputDir);
    const { maxDurationSeconds, timeLimitSeconds } = this.options;
    const pipeline = await transcodeAudio({
      sourcePath, format: job.source_format, lossless: job.lossless, outputDir, signal, onProgress: this.progressReporter(job.track_id),
      // The API accepts a video container only from a member allowed video uploads.
      video: isVideoFormat(job.source_format),
      maxDurationSeconds, timeLimitMs: timeLimitSeconds === undefined ? undefined : timeLimitSeconds * 1000,
      // Quota and caps before the CPU is spent: cost is the duration, which the probe knows.
      admit: async (source) => {
        const bytes = expectedRenditionBytes(source.duration) + (source.video ? expectedVideoBytes(source.duration) : 0);
        const refused = await this.options.sink.admit(job.track_id, { duration: source.duration, bytes });
        if (refused) throw new TranscodeError(refused);
      },
    });
    const keys = renditionKeys(job.track_id);
    const renditions: StoredRendition[] = [];
    for (const file of pipeline.renditions) {
      renditions.push(await this.upload(file, keys[file.quality]));
    }
    const video = pipeline.video && (await this.uploadVideo(pipeline.video, keys));
    const peaksPath = join(dir, 'peaks.json');
    await writeFile(peaksPath, JSON.stringify(pipeline.peaks));
    await this.options.storage.put(keys.peaks, createReadStream(peaksPath), { contentType: 'application/json' });
    return {
      duration: pipeline.duration,
      bitrate: pipeline.source.bitrate,
      source: pipeline.source,
      renditions,
      peaks_key: keys.peaks,
      peaks: pipeline.peaks,
      ...(video ? { video } : {}),
    };
  }

  private async uploadVideo(files: VideoFiles, keys: ReturnType<typeof renditionKeys>): Promise<StoredVideo> {
    await this.options.storage.put(keys.video, createReadStream(files.path), { contentType: files.content_type, contentLength: files.bytes });
    await this.options.storage.put(keys.poster, createReadStream(files.poster.path), { contentType: files.poster.content_type, contentLength: files.poster.bytes });
    return {
      key: keys.video, bytes: files.bytes, content_type: files.content_type, width: files.width, height: files.height,
      poster: { key: keys.poster, bytes: files.poster.bytes, content_type: files.poster.content_type },
    };
  }

  private async upload(file: RenditionFile, key: string): Promise<StoredRendition> {
    await this.options.storage.put(key, createReadStream(file.path), { contentType: file.content_type, contentLength: file.bytes });
    const { path: _path, ...facts } = file;
    return { ...facts, key };
  }

  /** Throttled and fire-and-forget: a slow progress table must never slow or fail the encode. */
  private progressReporter(trackId: string): (percent: number) => void {
    const interval = this.options.progressIntervalMs ?? 1_000;
    let last = 0;
    return (percent) => {
      const now = Date.now();
      if (percent < 100 && now - last < interval) return;
      last = now;
      this.options.sink.progress(trackId, percent).catch((error: unknown) => this.options.logger.warn({ err: error, trackId }, 'progress report failed'));
    };
  }

  private async cleanStale(): Promise<void> {
    const removed = await removeStaleJobDirectories(this.tempRoot);
    if (removed) this.options.logger.info({ removed }, 'removed temporary directories of dead transcoder processes');
  }
}
