import type { EventStore } from '../events/event-store';
import type { LogCursor } from '../events/types';
import { relayLagEvents } from '../metrics';

/** How long a catch-up's estimate of what is left is used before counting again. */
const RECOUNT_MS = 5_000;

/**
 * The relay's lag gauge. Positions are not commit order, so "head minus cursor" can stay above
 * zero when caught up: the events left are counted. Counting after every batch of a catch-up
 * scanned the rest of the log each time (quadratic in its length), so a catch-up counts once and
 * then subtracts what it publishes, recounting every few seconds for what was appended meanwhile.
 */
export class RelayLag {
  private left: number | null = null;
  private countedAt = 0;

  constructor(private readonly store: EventStore) {}

  caughtUp(): void {
    this.left = 0;
    relayLagEvents.set(0);
  }

  /** After a batch: `short` (fewer events than asked for) means the relay reached what is committed. */
  async published(count: number, cursor: LogCursor, short: boolean): Promise<void> {
    if (short || this.left === null || Date.now() - this.countedAt > RECOUNT_MS) {
      this.left = await this.store.countAfter(cursor);
      this.countedAt = Date.now();
    } else {
      this.left = Math.max(0, this.left - count);
    }
    relayLagEvents.set(this.left);
  }
}
