import type { Logger } from 'pino';
import type { EventBus, PublishedEvent } from '../bus/bus';
import type { EventStore } from '../events/event-store';
import { compareCursors, cursorOf, type LogCursor, type StoredEvent } from '../events/types';
import type { Lease, LockManager } from '../locks/lock-manager';
import { relayPublished } from '../metrics';
import { RelayCheckpoint } from './relay-checkpoint';
import { RelayLag } from './relay-lag';
import { WakeableSleep } from '../util/wakeable-sleep';

export const RELAY_LOCK = 'stardeck:relay';

/**
 * Events read and published at a time. One batch is in flight while the next is read, so this is
 * also the window of unacknowledged messages; at 1,000 a catch-up spends little time waiting on
 * the last acknowledgements of a batch, and a batch's rows stay well under a megabyte.
 */
const DEFAULT_BATCH_SIZE = 1000;

export interface RelayOptions {
  batchSize?: number;
  /** How often an idle relay looks for events appended by other processes. */
  pollMs?: number;
  maxBackoffMs?: number;
}

/**
 * Publishes every committed event, in commit-safe order, to the bus. One relay is active at a time
 * (advisory lock); a bus outage only delays publishing: user writes never wait for it.
 */
export class Relay {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly sleeper = new WakeableSleep();
  private lease: Lease | null = null;
  private readonly unsubscribe: () => void;
  private commitSeen = false;
  private readonly lag: RelayLag;
  private readonly checkpoint: RelayCheckpoint;

  constructor(
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly locks: LockManager,
    private readonly logger: Logger,
    private readonly options: RelayOptions = {},
  ) {
    this.lag = new RelayLag(store);
    this.checkpoint = new RelayCheckpoint(store);
    this.unsubscribe = store.onCommitted(() => {
      // Remembered, so a commit landing between a read and the next sleep still wakes it.
      this.commitSeen = true;
      this.sleeper.wake();
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.sleeper.wake();
    this.unsubscribe();
    await this.loop;
    await this.lease?.release();
  }

  get isLeader(): boolean {
    return this.lease !== null;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.lease = await this.locks.tryAcquire(RELAY_LOCK);
      } catch (error) {
        this.logger.warn({ err: error }, 'relay could not reach the lock service');
      }
      if (!this.lease) {
        await this.sleeper.sleep(1000);
        continue;
      }
      this.logger.info('relay active');
      let lost = false;
      void this.lease.lost.then(() => (lost = true));
      try {
        await this.publishUntil(() => lost || !this.running);
      } catch (error) {
        // Reading the cursor failed (database away): give the lease back and start over, never die.
        this.logger.warn({ err: error }, 'relay stopped publishing; will retry');
        await this.sleeper.sleep(1000);
      } finally {
        await this.lease.release();
        this.lease = null;
      }
    }
  }

  private async publishUntil(done: () => boolean): Promise<void> {
    let cursor = await this.checkpoint.load();
    let backoff = 100;
    let reconciled = false;
    /** The batch after the one being acknowledged, read meanwhile; null when there is none to read ahead. */
    let ahead: Promise<StoredEvent[]> | null = null;
    while (!done()) {
      try {
        if (!reconciled) {
          cursor = await this.reconcile(cursor);
          reconciled = true;
        }
        const events: StoredEvent[] = await (ahead ?? this.read(cursor));
        ahead = null;
        if (events.length === 0) {
          await this.checkpoint.flush();
          this.lag.caughtUp();
          if (!this.commitSeen) await this.sleeper.sleep(this.options.pollMs ?? 100);
          continue;
        }
        const acked = this.bus.publish(chained(events, cursor));
        // A full batch means more is waiting (a catch-up): read the next one while this one's
        // acknowledgements come back, so neither the bus nor the database waits for the other.
        if (events.length === this.batchSize) ahead = handled(this.read(cursorOf(events.at(-1)!)));
        const published = await acked;
        // Only acknowledged events, in order, move the checkpoint: a batch cut short leaves the rest to retry.
        cursor = cursorOf(events[published - 1]!);
        this.checkpoint.advance(cursor);
        relayPublished.inc(published);
        if (published < events.length) ahead = null;
        await this.lag.published(published, cursor, events.length < this.batchSize);
        backoff = 100;
      } catch (error) {
        ahead = null;
        // A checkpoint write that failed meanwhile is written again with the next cursor.
        await this.checkpoint.flush().catch(() => undefined);
        this.logger.warn({ err: error, retryInMs: backoff }, 'relay could not publish; will retry');
        // The broker may have restarted and lost what it acknowledged: ask it where it stands.
        reconciled = false;
        await this.sleeper.sleep(backoff);
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 5000);
      }
    }
    // The last checkpoint is written before the lease is given back; a read-ahead is not left
    // running against a pool that may close.
    await this.checkpoint.flush().catch((error: unknown) => this.logger.warn({ err: error }, 'relay could not save its checkpoint'));
    await ahead?.catch(() => undefined);
  }

  private get batchSize(): number {
    return this.options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /** The next events after `cursor`; a commit seen from here on wakes the next idle wait. Redacted: secret payload fields never reach the bus. */
  private read(cursor: LogCursor): Promise<StoredEvent[]> {
    this.commitSeen = false;
    return this.store.readAfter(cursor, this.batchSize);
  }

  /** Resumes from the bus's own tail when it knows one: it may be behind us (lost) or ahead (saved late). */
  private async reconcile(cursor: LogCursor): Promise<LogCursor> {
    const tail = await this.bus.lastPublished();
    if (!tail || compareCursors(tail, cursor) === 0) return cursor;
    const lostMessages = compareCursors(tail, cursor) < 0;
    this.logger.warn({ relay: cursor, bus: tail }, lostMessages ? 'bus lost published events; republishing them' : 'bus is ahead of the saved relay cursor');
    await this.checkpoint.save(tail);
    return tail;
  }
}

/** The events as the bus carries them: each with the cursor of the one before it, the first with `from`. */
function chained(events: StoredEvent[], from: LogCursor): PublishedEvent[] {
  let prev = from;
  return events.map((event) => {
    const message = { event, prev };
    prev = cursorOf(event);
    return message;
  });
}

/**
 * A read-ahead may fail (database away) while the batch before it is still being acknowledged, or
 * be dropped unread: its failure must not count as unhandled. Awaiting it still throws.
 */
function handled<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
