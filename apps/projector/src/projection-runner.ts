import {
  LOG_START, WakeableSleep, compareCursors, cursorOf, projectorLagEvents, type EventBus, type EventStore, type Lease,
  type LockManager, type LogCursor, type Logger, type PublishedEvent, type StoredEvent, type Tx,
} from '@stardeck/infra';
import { OWNER_ID, advanceCheckpoint, endRebuild, ensureCheckpoint, readCheckpoint, setOwner, setStatus, writeCheckpoint } from './checkpoints';
import type { Projection } from '@stardeck/domain';
import { REBUILD_BATCH, RebuildCancelled, ShadowRebuild, type LogReader } from './shadow-rebuild';
import { lockLiveTables } from './shadow-tables';

export interface RunnerOptions {
  /** With no live event for this long, the runner reads the log itself. */
  silenceMs?: number;
  batchSize?: number;
  /** How often a standby tries to take over. */
  standbyRetryMs?: number;
  /** Events per transaction of a rebuild into shadow tables. */
  rebuildBatchSize?: number;
}

/** How a rebuild that this runner ran, or tried to, ended. */
export type RebuildEnd = { outcome: 'done' } | { outcome: 'cancelled' } | { outcome: 'failed'; error: unknown };

export const projectionLockKey = (name: string) => `stardeck:projection:${name}`;

/** Live events applied in one transaction at most. */
const LIVE_BATCH = 200;
/**
 * How long the stored checkpoint may stay behind events the projection skipped. Most events concern few
 * projections: writing every other projection's checkpoint at once cost a transaction per event
 * and projection, the embedded database's largest share of work. Skipped events cost nothing to
 * read again, so a crash in between loses nothing.
 */
const SKIPPED_CHECKPOINT_DELAY_MS = 250;

/** Another process moved this projection's checkpoint: this one must step down at once. */
class LostOwnership extends Error {}

/**
 * Runs one projection: stands by until it owns the projection's lock, then catches up from the
 * Postgres log and follows the bus, falling back to the log on a hole or silence.
 */
export class ProjectionRunner {
  private running = false;
  private loop: Promise<void> | null = null;
  /** Where the projection has read to, including events it skipped. */
  private cursor: LogCursor = LOG_START;
  /** Where its stored checkpoint stands: behind `cursor` while only skipped events lie between. */
  private stored: LogCursor = LOG_START;
  /** When the stored checkpoint fell behind `cursor` (Date.now()), or null while it is not. */
  private behindSince: number | null = null;
  private inbox: PublishedEvent[] = [];
  private readonly sleeper = new WakeableSleep();
  private active = false;
  /** A rebuild into shadow tables in progress; the live model keeps following the log meanwhile. */
  private shadow: ShadowRebuild | null = null;
  private lastRebuild: RebuildEnd | null = null;

  constructor(
    readonly projection: Projection,
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly locks: LockManager,
    private readonly logger: Logger,
    private readonly options: RunnerOptions = {},
  ) {}

  get isActive(): boolean {
    return this.active;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.sleeper.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    const name = this.projection.name;
    await ensureCheckpoint(this.store.db, name).catch(() => undefined);
    while (this.running) {
      let lease: Lease | null = null;
      try {
        lease = await this.locks.tryAcquire(projectionLockKey(name));
      } catch (error) {
        this.logger.warn({ err: error, projection: name }, 'projection lock unavailable');
      }
      if (!lease) {
        await this.sleeper.sleep(this.options.standbyRetryMs ?? 1000);
        continue;
      }
      this.active = true;
      this.logger.info({ projection: name, owner: OWNER_ID }, 'projection active');
      try {
        await this.runActive(lease);
      } catch (error) {
        if (!(error instanceof LostOwnership)) this.logger.error({ err: error, projection: name }, 'projection failed; restarting');
        await this.sleeper.sleep(500);
      } finally {
        this.active = false;
        await setOwner(this.store.db, name, null, OWNER_ID).catch(() => undefined);
        await lease.release();
      }
    }
  }

  private async runActive(lease: Lease): Promise<void> {
    let leaseLost = false;
    void lease.lost.then(() => {
      leaseLost = true;
      this.sleeper.wake();
    });
    await setOwner(this.store.db, this.projection.name, OWNER_ID);
    this.cursor = (await readCheckpoint(this.store.db, this.projection.name))?.cursor ?? LOG_START;
    this.stored = this.cursor;
    this.behindSince = null;
    this.inbox = [];
    const subscription = await this.bus.subscribe(`projection_${this.projection.name}`, async (message) => {
      this.inbox.push(message);
      this.sleeper.wake();
    });
    try {
      await this.checkRebuildRequest();
      await this.catchUp();
      let lastLogCheck = Date.now();
      while (this.running && !leaseLost) {
        const storeIn = this.checkpointDueIn();
        // A rebuild works between live batches, so it never waits for the next live event.
        const rebuilding = this.shadow !== null;
        if (this.inbox.length === 0 && !rebuilding) await this.sleeper.sleep(storeIn ?? this.options.silenceMs ?? 2000);
        if (!this.running || leaseLost) break;
        const messages = this.inbox.splice(0, LIVE_BATCH);
        if (messages.length > 0) await this.onLive(messages);
        // Due even under a steady stream of skipped events, not only once they stop.
        if ((this.checkpointDueIn() ?? 1) <= 0) await this.storeCheckpoint();
        if (this.shadow) await this.rebuildStep(this.shadow);
        const silent = Date.now() - lastLogCheck >= (this.options.silenceMs ?? 2000);
        // A wake with nothing new means the log may hold what the bus lost, unless it was the checkpoint's turn.
        if ((!rebuilding && messages.length === 0 && storeIn === null) || silent) {
          await this.checkRebuildRequest();
          await this.catchUp();
          lastLogCheck = Date.now();
        }
      }
      if (!leaseLost) await this.storeCheckpoint();
    } finally {
      await subscription.stop();
    }
  }

  /**
   * Applies what arrived since the last look, in one transaction: under a steady write load the
   * inbox holds many events, and a commit (with its checkpoint write) per event would fall
   * further behind with every projection that runs. Events already applied are skipped; the run
   * stops at a hole, and the log fills it.
   */
  private async onLive(messages: PublishedEvent[]): Promise<void> {
    const run: StoredEvent[] = [];
    let at = this.cursor;
    for (const { event, prev } of messages) {
      const position = cursorOf(event);
      if (compareCursors(position, at) <= 0) continue;
      if (compareCursors(prev, at) !== 0) {
        // A hole: something between our checkpoint and this event never arrived. The log has it.
        if (run.length > 0) await this.applyBatch(run);
        await this.catchUp();
        return;
      }
      run.push(event);
      at = position;
    }
    if (run.length > 0) await this.applyBatch(run);
  }

  /**
   * Reads the log from the checkpoint until nothing visible is left. Returns how many events it
   * read. The log is read redacted, so an event has the same payload here as on the bus.
   */
  async catchUp(onProgress?: (done: number) => void, doneBefore = 0): Promise<number> {
    let done = doneBefore;
    for (;;) {
      const events = await this.store.readAfter(this.cursor, this.options.batchSize ?? 500);
      if (events.length === 0) break;
      await this.applyBatch(events, onProgress ? done + events.length : undefined);
      done += events.length;
      onProgress?.(done);
    }
    await this.storeCheckpoint();
    projectorLagEvents.set({ projection: this.projection.name }, await this.store.countAfter(this.cursor));
    return done - doneBefore;
  }

  /** Milliseconds until a checkpoint left behind skipped events should be stored, or null when none is. */
  private checkpointDueIn(): number | null {
    return this.behindSince === null ? null : Math.max(0, this.behindSince + SKIPPED_CHECKPOINT_DELAY_MS - Date.now());
  }

  /** Writes a checkpoint left behind skipped events. */
  private async storeCheckpoint(): Promise<void> {
    if (this.behindSince === null) return;
    const to = this.cursor;
    await this.store.db.transaction().execute(async (tx) => {
      if (!(await advanceCheckpoint(tx, this.projection.name, this.stored, to))) throw new LostOwnership();
    });
    this.stored = to;
    this.behindSince = null;
  }

  /**
   * Applies events and moves the checkpoint in one transaction, refusing if another owner moved it.
   * A batch of events the projection does not handle only moves the cursor (outside a rebuild,
   * whose progress is recorded), and the checkpoint follows shortly.
   */
  private async applyBatch(events: StoredEvent[], rebuildDone?: number): Promise<void> {
    if (rebuildDone === undefined && !events.some((event) => this.projection.handles.includes(event.type))) {
      this.cursor = cursorOf(events[events.length - 1]!);
      this.behindSince ??= Date.now();
      return;
    }
    if (this.projection.deliver) return this.deliverBatch(this.projection.deliver, events, rebuildDone);
    await this.commitThrough(events[events.length - 1]!, async (tx) => {
      for (const event of events) {
        if (this.projection.handles.includes(event.type)) await this.projection.apply(event, tx);
      }
    }, rebuildDone);
  }

  /**
   * An outbox sends each event outside any transaction, then commits its record with the
   * checkpoint moved past that event; the events it has nothing to send for move the checkpoint
   * together at the end. A failed send throws with the checkpoint at the last recorded send.
   */
  private async deliverBatch(deliver: NonNullable<Projection['deliver']>, events: StoredEvent[], rebuildDone?: number): Promise<void> {
    for (const event of events) {
      if (!this.projection.handles.includes(event.type)) continue;
      await deliver(event, { db: this.store.db, commit: (record) => this.commitThrough(event, record) });
    }
    const last = events[events.length - 1]!;
    if (compareCursors(cursorOf(last), this.cursor) > 0) await this.commitThrough(last, async () => {}, rebuildDone);
  }

  /** Runs `work` and moves the checkpoint to `event` in one transaction, refusing if another owner moved it. */
  private async commitThrough(event: StoredEvent, work: (tx: Tx) => Promise<void>, rebuildDone?: number): Promise<void> {
    const to = cursorOf(event);
    await this.store.db.transaction().execute(async (tx) => {
      await work(tx);
      const extra = rebuildDone === undefined ? {} : { rebuild_done: rebuildDone };
      // Another owner moved the checkpoint meanwhile: roll back our effects and step down.
      if (!(await advanceCheckpoint(tx, this.projection.name, this.stored, to, extra))) throw new LostOwnership();
    });
    this.cursor = to;
    this.stored = to;
    this.behindSince = null;
  }

  /** A rebuild asked for by an admin or the CLI while this process owns the projection. */
  private async checkRebuildRequest(): Promise<void> {
    if (this.shadow) return;
    const checkpoint = await readCheckpoint(this.store.db, this.projection.name);
    if (this.projection.deliver) {
      if (checkpoint?.status === 'rebuild_requested') await this.replayOutbox();
      // The previous owner died mid-replay. Each batch moved the checkpoint with its records, so
      // finishing the replay from the checkpoint completes it.
      if (checkpoint?.status === 'rebuilding') await this.finishReplay(checkpoint.rebuild_total ?? 0, checkpoint.rebuild_done ?? 0);
      return;
    }
    if (checkpoint?.status === 'rebuild_requested') this.shadow = await this.startShadow();
    // The previous owner stopped mid-rebuild: its shadow and cursor committed together, so go on from there.
    if (checkpoint?.status === 'rebuilding') {
      this.shadow = await ShadowRebuild.resume(this.store, this.projection, this.reader, this.logger, this.rebuildBatch) ?? await this.startShadow(true);
    }
  }

  private get rebuildBatch(): number {
    return this.options.rebuildBatchSize ?? REBUILD_BATCH;
  }

  /** Async read models read the log as the bus carries it: secret fields redacted. */
  private readonly reader: LogReader = (cursor, limit, executor, types) => this.store.readAfter(cursor, limit, executor, types);

  private async startShadow(restart = false): Promise<ShadowRebuild | null> {
    // A rebuild whose shadow is gone (dropped by hand, or never made) starts over.
    if (restart) await setStatus(this.store.db, this.projection.name, 'rebuild_requested');
    return ShadowRebuild.start(this.store, this.projection, this.reader, OWNER_ID, this.logger, this.rebuildBatch);
  }

  /**
   * One batch of the rebuild into the shadow; once the shadow has read everything visible, the
   * swap: in one transaction, the last few events go to the shadow, the live tables become equal
   * to it, and the checkpoint moves to where the shadow stands (or stays, if live was further).
   * A failure or a cancel drops the shadow and leaves the live model as it was.
   */
  private async rebuildStep(shadow: ShadowRebuild): Promise<void> {
    try {
      if (await shadow.step()) return;
      let to = this.cursor;
      await this.store.db.transaction().execute(async (tx) => {
        await lockLiveTables(tx, this.projection);
        for (;;) {
          const events = await this.reader(shadow.cursor, this.rebuildBatch, tx, this.projection.handles);
          if (events.length === 0) break;
          await shadow.applyToShadow(tx, events);
        }
        // Every handled event up to the live cursor is in the shadow too: both read the same commit-safe order.
        if (compareCursors(shadow.cursor, to) > 0) to = shadow.cursor;
        await shadow.swapIn(tx);
        if (!(await endRebuild(tx, this.projection.name, shadow.done))) throw new RebuildCancelled(this.projection.name);
        if (compareCursors(to, this.stored) !== 0 && !(await advanceCheckpoint(tx, this.projection.name, this.stored, to))) throw new LostOwnership();
      });
      this.cursor = to;
      this.stored = to;
      this.behindSince = null;
      this.shadow = null;
      this.lastRebuild = { outcome: 'done' };
      // The shadow read only the events it handles: move past the others up to the head now.
      await this.catchUp();
    } catch (error) {
      // Another process owns the projection now; it goes on with the shadow.
      if (error instanceof LostOwnership) throw error;
      this.shadow = null;
      this.lastRebuild = error instanceof RebuildCancelled ? { outcome: 'cancelled' } : { outcome: 'failed', error };
      await shadow.abandon(error);
    }
  }

  /** An outbox has no read model to rebuild: its replay resends nothing its records already hold. */
  private async replayOutbox(onProgress?: (done: number, total: number) => void): Promise<void> {
    const name = this.projection.name;
    const total = await this.store.countAfter(LOG_START);
    this.logger.info({ projection: name, total }, 'projection rebuild started');
    await this.store.db.transaction().execute(async (tx) => {
      await this.projection.reset(tx);
      await writeCheckpoint(tx, name, LOG_START);
      await setStatus(tx, name, 'rebuilding', { rebuild_total: total, rebuild_done: 0, owner: OWNER_ID });
    });
    this.cursor = LOG_START;
    this.stored = LOG_START;
    this.behindSince = null;
    await this.finishReplay(total, 0, onProgress);
  }

  private async finishReplay(total: number, doneBefore: number, onProgress?: (done: number, total: number) => void): Promise<void> {
    await this.catchUp((done) => onProgress?.(done, total), doneBefore);
    await setStatus(this.store.db, this.projection.name, 'live', { rebuild_total: null, rebuild_done: null });
    this.logger.info({ projection: this.projection.name }, 'projection rebuild finished');
  }

  /** Used by the CLI when no process owns the projection: rebuild here, under the lock. */
  async rebuildExclusively(lease: Lease, onProgress?: (done: number, total: number) => void): Promise<RebuildEnd> {
    try {
      await setOwner(this.store.db, this.projection.name, OWNER_ID);
      this.cursor = (await readCheckpoint(this.store.db, this.projection.name))?.cursor ?? LOG_START;
      this.stored = this.cursor;
      this.behindSince = null;
      if (this.projection.deliver) {
        await this.replayOutbox(onProgress);
        return { outcome: 'done' };
      }
      this.lastRebuild = null;
      // Under the lock nobody else rebuilds: a rebuild marked running without a shadow to go on with starts over.
      this.shadow = await ShadowRebuild.resume(this.store, this.projection, this.reader, this.logger, this.rebuildBatch)
        ?? await this.startShadow(true);
      if (!this.shadow) return { outcome: 'failed', error: new Error(`a rebuild of ${this.projection.name} is already running`) };
      while (this.shadow) {
        onProgress?.(this.shadow.done, this.shadow.total);
        const shadow: ShadowRebuild = this.shadow;
        await this.rebuildStep(shadow);
        if (!this.shadow) onProgress?.(shadow.done, Math.max(shadow.total, shadow.done));
      }
      return this.lastRebuild ?? { outcome: 'done' };
    } finally {
      await setOwner(this.store.db, this.projection.name, null, OWNER_ID).catch(() => undefined);
      await lease.release();
    }
  }
}
