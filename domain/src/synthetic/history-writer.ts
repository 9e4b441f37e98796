import type { DomainEvent } from '@stardeck/contracts';
import type { EventMetadata, EventStore, NewEvent, Tx } from '@stardeck/infra';
import { isDomainError, type Decider } from '../kit/decider';
import { applyInline, type Projection } from '../kit/projection';

interface PendingAppend {
  streamId: string;
  expected: number;
  events: NewEvent[];
  metadata: EventMetadata;
  projection: Projection | null;
}

interface KnownStream {
  version: number;
  state: unknown;
}

/**
 * Writes a generated history the way the API does, command by command: decide against the
 * stream's state, append with the version decided on, apply the resource's inline projection in
 * the same transaction (handleCommand's steps). Three things make it fast enough for tens of
 * thousands of events: it is the only writer of the streams it makes, so it keeps each stream's
 * state in memory instead of reading the stream back before every command; it commits many
 * commands per transaction; and it appends each transaction's events in one statement. A stream
 * someone else moved makes the append fail with ConcurrencyError, so a wrong assumption cannot
 * go unnoticed.
 */
export class HistoryWriter {
  private readonly streams = new Map<string, KnownStream>();
  private pending: PendingAppend[] = [];
  private written = 0;
  private readonly started = Date.now();

  constructor(
    private readonly store: EventStore,
    private readonly options: { commandsPerTransaction: number; eventsPerSecond?: number; signal?: AbortSignal } = { commandsPerTransaction: 200 },
  ) {}

  /** Events committed so far. */
  get eventCount(): number {
    return this.written;
  }

  /** Events committed or waiting for the next commit. */
  get queuedEventCount(): number {
    return this.written + this.pending.reduce((sum, item) => sum + item.events.length, 0);
  }

  /**
   * Decides `command` now (a refusal throws: the plan asked for something the domain forbids) and
   * queues its events; `flush` or the next full batch commits them.
   */
  async decide<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>, projection: Projection, streamId: string, command: C, metadata: EventMetadata,
  ): Promise<E[]> {
    const known = this.streams.get(streamId) ?? { version: 0, state: decider.initialState() };
    const decided = decider.decide(command, known.state as S);
    if (isDomainError(decided)) throw new Error(`the history asked for a refused command on ${streamId}: ${decided.code} (${decided.message})`);
    if (decided.length > 0) {
      this.streams.set(streamId, { version: known.version + decided.length, state: decided.reduce(decider.evolve, known.state as S) });
      await this.queue({ streamId, expected: known.version, events: decided, metadata, projection });
    }
    return decided;
  }

  /** Events that no decider makes (a listener's plays): appended after the stream's last version. */
  async append(streamId: string, events: DomainEvent[], metadata: EventMetadata): Promise<void> {
    const known = this.streams.get(streamId) ?? { version: 0, state: null };
    this.streams.set(streamId, { version: known.version + events.length, state: null });
    await this.queue({ streamId, expected: known.version, events, metadata, projection: null });
  }

  /** Commits every queued command, in order, in one transaction. */
  async flush(): Promise<void> {
    this.options.signal?.throwIfAborted();
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    await this.store.transaction(async (tx: Tx) => {
      // One statement appends the whole batch; inline projections read no events, so applying each
      // command's projection after it, in order, leaves what command-by-command appends would.
      const stored = await this.store.appendBatch(tx, batch);
      for (const [i, item] of batch.entries()) {
        if (item.projection) await applyInline(item.projection, tx, stored[i]!);
      }
    });
    this.written += batch.reduce((sum, item) => sum + item.events.length, 0);
    // A steady load for benchmarks: never ahead of the asked rate.
    if (this.options.eventsPerSecond) {
      const ahead = (this.written / this.options.eventsPerSecond) * 1000 - (Date.now() - this.started);
      if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead));
    }
  }

  private async queue(item: PendingAppend): Promise<void> {
    this.pending.push(item);
    if (this.pending.length >= this.options.commandsPerTransaction) await this.flush();
  }
}
