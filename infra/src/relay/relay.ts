import type { Logger } from 'pino';
import type { EventBus } from '../bus/bus';
import type { EventStore } from '../events/event-store';
import { LOG_START, compareCursors, cursorOf, type LogCursor } from '../events/types';
import type { Lease, LockManager } from '../locks/lock-manager';
import { relayLagEvents, relayPublished } from '../metrics';
import { WakeableSleep } from '../util/wakeable-sleep';

export const RELAY_LOCK = 'stardeck:relay';

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

  constructor(
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly locks: LockManager,
    private readonly logger: Logger,
    private readonly options: RelayOptions = {},
  ) {
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
    let cursor = await this.loadCursor();
    let backoff = 100;
    let reconciled = false;
    while (!done()) {
      try {
        if (!reconciled) {
          cursor = await this.reconcile(cursor);
          reconciled = true;
        }
        this.commitSeen = false;
        // Redacted: secret payload fields never reach the bus.
        const events = await this.store.readAfter(cursor, this.options.batchSize ?? 500);
        if (events.length === 0) {
          relayLagEvents.set(0);
          if (!this.commitSeen) await this.sleeper.sleep(this.options.pollMs ?? 100);
          continue;
        }
        let prev = cursor;
        const batch = events.map((event) => {
          const message = { event, prev };
          prev = cursorOf(event);
          return message;
        });
        const published = await this.bus.publish(batch);
        cursor = cursorOf(events[published - 1]!);
        await this.saveCursor(cursor);
        relayPublished.inc(published);
        // Positions are not commit order, so "head minus cursor" can stay above zero when caught up; count instead.
        relayLagEvents.set(await this.store.countAfter(cursor));
        backoff = 100;
      } catch (error) {
        this.logger.warn({ err: error, retryInMs: backoff }, 'relay could not publish; will retry');
        // The broker may have restarted and lost what it acknowledged: ask it where it stands.
        reconciled = false;
        await this.sleeper.sleep(backoff);
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 5000);
      }
    }
  }

  /** Resumes from the bus's own tail when it knows one: it may be behind us (lost) or ahead (saved late). */
  private async reconcile(cursor: LogCursor): Promise<LogCursor> {
    const tail = await this.bus.lastPublished();
    if (!tail || compareCursors(tail, cursor) === 0) return cursor;
    const lostMessages = compareCursors(tail, cursor) < 0;
    this.logger.warn({ relay: cursor, bus: tail }, lostMessages ? 'bus lost published events; republishing them' : 'bus is ahead of the saved relay cursor');
    await this.saveCursor(tail);
    return tail;
  }

  private async loadCursor(): Promise<LogCursor> {
    const row = await this.store.db
      .selectFrom('relay_state')
      .select(['last_position', (eb) => eb.cast<string>('last_xid', 'text').as('last_xid')])
      .where('id', '=', 1)
      .executeTakeFirst();
    return row ? { xid: row.last_xid, position: row.last_position } : LOG_START;
  }

  private async saveCursor(cursor: LogCursor): Promise<void> {
    await this.store.db
      .insertInto('relay_state')
      .values({ id: 1, last_xid: cursor.xid, last_position: cursor.position, updated_at: new Date() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ last_xid: cursor.xid, last_position: cursor.position, updated_at: new Date() }))
      .execute();
  }
}

