import { applyEvents, ProjectionApplyError, type Projection } from '@stardeck/domain';
import { cursorOf, LOG_START, type Db, type EventStore, type LogCursor, type Logger, type StoredEvent, type Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { abandonRebuild, readCheckpoint, recordRebuildProgress, startRebuild } from './checkpoints';
import { createShadow, dropShadow, mergeShadow, shadowExists, writeToShadow } from './shadow-tables';

/** Events a rebuild reads and applies per transaction, unless configured otherwise. */
export const REBUILD_BATCH = 2000;

/** An admin cancelled the rebuild: its batch rolls back and the shadow is dropped. */
export class RebuildCancelled extends Error {
  constructor(name: string) {
    super(`rebuild of ${name} was cancelled`);
    this.name = 'RebuildCancelled';
  }
}

/** How a rebuild reads the log: async read models read it redacted, inline ones as the write side stored it. */
export type LogReader = (cursor: LogCursor, limit: number, executor: Db | Tx, types: readonly string[]) => Promise<StoredEvent[]>;

export interface ShadowProgress {
  done: number;
  total: number;
}

/**
 * One rebuild of a read model into its shadow tables: each step reads a batch of the events the
 * projection handles and applies it to the shadow in one transaction, with the shadow's cursor
 * and progress. The live tables are not touched until `swapIn`, which the caller runs in its own
 * short transaction once the shadow has caught up.
 */
export class ShadowRebuild {
  private constructor(
    readonly projection: Projection,
    private readonly db: Db,
    private readonly read: LogReader,
    private readonly logger: Logger,
    private readonly batchSize: number,
    /** The last event the shadow has applied (or skipped past). */
    public cursor: LogCursor,
    public done: number,
    public total: number,
  ) {}

  /** Starts a new rebuild (false when one already runs): an empty shadow, progress 0 of every handled event. */
  static async start(
    store: EventStore, projection: Projection, read: LogReader, owner: string, logger: Logger, batchSize = REBUILD_BATCH,
  ): Promise<ShadowRebuild | null> {
    const total = await store.countCommitted(store.db, projection.handles);
    await createShadow(store.db, projection);
    if (!(await startRebuild(store.db, projection.name, total, owner))) return null;
    logger.info({ projection: projection.name, total }, 'projection rebuild started');
    return new ShadowRebuild(projection, store.db, read, logger, batchSize, LOG_START, 0, total);
  }

  /**
   * Picks up a rebuild whose owner stopped or died: the shadow and its cursor committed together,
   * so it goes on from there. Null when there is no shadow to go on with (start again instead).
   */
  static async resume(store: EventStore, projection: Projection, read: LogReader, logger: Logger, batchSize = REBUILD_BATCH): Promise<ShadowRebuild | null> {
    const row = await readCheckpoint(store.db, projection.name);
    if (row?.status !== 'rebuilding' || !row.rebuild_cursor || !(await shadowExists(store.db, projection))) return null;
    logger.info({ projection: projection.name, done: row.rebuild_done }, 'projection rebuild resumed');
    return new ShadowRebuild(projection, store.db, read, logger, batchSize, row.rebuild_cursor, row.rebuild_done ?? 0, row.rebuild_total ?? 0);
  }

  /**
   * Applies the next batch to the shadow. Returns false once nothing visible is left to read.
   * Throws RebuildCancelled when an admin cancelled the rebuild (the batch rolls back).
   */
  async step(): Promise<boolean> {
    const events = await this.read(this.cursor, this.batchSize, this.db, this.projection.handles);
    if (events.length === 0) return false;
    await this.db.transaction().execute(async (tx) => this.applyToShadow(tx, events));
    return true;
  }

  /**
   * Applies events to the shadow inside the caller's transaction and records the progress; used
   * by step() and by a final catch-up under lock.
   */
  async applyToShadow(tx: Tx, events: StoredEvent[]): Promise<void> {
    await writeToShadow(tx, this.projection);
    await applyEvents(this.projection, events, tx);
    const cursor = cursorOf(events.at(-1)!);
    const done = this.done + events.length;
    const total = Math.max(this.total, done);
    if (!(await recordRebuildProgress(tx, this.projection.name, cursor, done, total))) throw new RebuildCancelled(this.projection.name);
    // Set back to the live tables for whatever else the caller does in this transaction.
    await sql`select set_config('search_path', 'public', true)`.execute(tx);
    this.cursor = cursor;
    this.done = done;
    this.total = total;
  }

  /** Makes the live tables equal to the shadow and drops it, in the caller's transaction. */
  async swapIn(tx: Tx): Promise<void> {
    // Rows of other tables that point at this model are checked at commit, when the merge is whole.
    await sql`set constraints all deferred`.execute(tx);
    const changes = await mergeShadow(tx, this.projection);
    await dropShadow(tx, this.projection);
    this.logger.info({ projection: this.projection.name, done: this.done, changes }, 'projection rebuild finished');
  }

  /**
   * A failed rebuild leaves the live model as it was: the shadow goes, and the reason (with the
   * event that caused it, when there is one) stays on the projection's status.
   */
  async abandon(error: unknown): Promise<void> {
    await dropShadow(this.db, this.projection).catch(() => undefined);
    if (error instanceof RebuildCancelled) {
      this.logger.info({ projection: this.projection.name }, 'projection rebuild cancelled');
      return;
    }
    const position = error instanceof ProjectionApplyError ? error.position : null;
    this.logger.error({ err: error, projection: this.projection.name, position }, 'projection rebuild failed; the live read model is unchanged');
    await abandonRebuild(this.db, this.projection.name, `rebuild failed: ${(error as Error)?.message ?? String(error)}`, position).catch(() => undefined);
  }
}
