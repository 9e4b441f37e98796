import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Platform } from '@stardeck/infra';
import { PLATFORM } from '../platform/platform.module';
import { PendingUploadsRepository } from './pending-uploads.repository';

const SWEEP_EVERY_MS = 10 * 60 * 1000;
const BATCH = 200;
const LOCK = 'stardeck:upload-sweeper';

/**
 * Deletes uploads that were signed but never became a track once their reservation expires, so
 * abandoned uploads do not stay in storage for ever. One API process sweeps at a time.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly pending: PendingUploadsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep().catch((error: unknown) => this.platform.logger.warn({ err: error }, 'upload sweep failed')), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Removes expired reservations and their objects; returns how many. */
  async sweep(): Promise<number> {
    const lease = await this.platform.locks.tryAcquire(LOCK);
    if (!lease) return 0;
    let removed = 0;
    try {
      for (;;) {
        const expired = await this.pending.expired(BATCH);
        for (const { key } of expired) {
          // Storage first: a crash in between leaves a reservation to retry, never an orphaned object.
          await this.platform.storage.delete(key);
          await this.pending.remove(key);
          removed++;
        }
        if (expired.length < BATCH) break;
      }
    } finally {
      await lease.release();
    }
    if (removed > 0) this.platform.logger.info({ removed }, 'removed abandoned uploads');
    return removed;
  }
}
