import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Clock, Db, LockManager, Logger, ObjectStorage } from '@stardeck/infra';
import { InjectClock, InjectDatabase, InjectLocks, InjectLogger, InjectStorage } from '../platform/tokens';
import { PendingUploadsRepository } from './pending-uploads.repository';

const SWEEP_EVERY_MS = 10 * 60 * 1000;
/**
 * A temp file nothing has written to for this long belongs to an upload whose process died; a
 * live upload writes to it continuously.
 */
const UNFINISHED_WRITE_IDLE_MS = 60 * 60 * 1000;
const BATCH = 200;
const LOCK = 'stardeck:upload-sweeper';

/**
 * Once a reservation expires, deletes what its upload key holds: an upload that never became a
 * track, or what the signed URL wrote there after its track took the file. Abandoned uploads do
 * not stay in storage for ever. One API process sweeps at a time.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectStorage() private readonly storage: ObjectStorage,
    @InjectLocks() private readonly locks: LockManager,
    @InjectLogger() private readonly logger: Logger,
    @InjectClock() private readonly clock: Clock,
    private readonly pending: PendingUploadsRepository,
  ) {}

  onApplicationBootstrap(): void {
    const sweepAll = () => {
      void this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'upload sweep failed'));
      void this.sweepUnfinishedWrites().catch((error: unknown) => this.logger.warn({ err: error }, 'temp file sweep failed'));
    };
    // At start too: a process that died mid-upload left its temp files behind.
    void this.sweepUnfinishedWrites().catch((error: unknown) => this.logger.warn({ err: error }, 'temp file sweep failed'));
    this.timer = setInterval(sweepAll, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Removes the temp files of uploads that never finished (an aborted PUT whose process died).
   * Every process may run it: removing a file twice is harmless.
   */
  async sweepUnfinishedWrites(): Promise<number> {
    const removed = await this.storage.removeUnfinishedWrites(UNFINISHED_WRITE_IDLE_MS);
    if (removed > 0) this.logger.info({ removed }, 'removed temp files of uploads that never finished');
    return removed;
  }

  /** Removes expired reservations and their objects; returns how many. */
  async sweep(): Promise<number> {
    const lease = await this.locks.tryAcquire(LOCK);
    if (!lease) return 0;
    let removed = 0;
    try {
      for (;;) {
        const expired = await this.pending.expired(this.db, BATCH, this.clock.now());
        for (const { key } of expired) {
          // Storage first: a crash in between leaves a reservation to retry, never an orphaned object.
          await this.storage.delete(key);
          await this.pending.remove(this.db, key);
          removed++;
        }
        if (expired.length < BATCH) break;
      }
    } finally {
      await lease.release();
    }
    if (removed > 0) this.logger.info({ removed }, 'removed abandoned uploads');
    return removed;
  }
}
