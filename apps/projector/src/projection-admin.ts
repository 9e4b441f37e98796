import type { EventBus, EventStore, LockManager, Logger } from '@stardeck/infra';
import { LOG_START } from '@stardeck/infra';
import { cancelRebuild, ensureCheckpoint, listCheckpoints, readCheckpoint, requestRebuild, type CheckpointRow } from './checkpoints';
import type { Projection } from '@stardeck/domain';
import { rebuildInline } from './inline-rebuild';
import { ProjectionRunner, projectionLockKey, type RunnerOptions } from './projection-runner';

export interface RebuildProgress {
  done: number;
  total: number;
  /** Events per second since the rebuild started. */
  rate: number;
  /** Seconds left at that rate; null until there is a rate. */
  eta_seconds: number | null;
  started_at: string | null;
}

export interface ProjectionStatus {
  name: string;
  /** Inline read models are written with their events, so they never lag. */
  kind: 'inline' | 'async';
  /** Outboxes send work out instead of keeping a read model. */
  outbox: boolean;
  handles: readonly string[];
  status: 'live' | 'rebuilding' | 'rebuild_requested';
  checkpoint: number;
  head: number;
  /** Events appended after the checkpoint. */
  lag: number;
  owner: string | null;
  rebuild: RebuildProgress | null;
  /** The last rebuild that finished: every event it read, its average rate, and when it ran. */
  last_rebuild: { done: number; total: number; rate: number; started_at: string | null; finished_at: string } | null;
  /** Why the last rebuild did not finish (failed, or cancelled), and the event that caused it when one did. */
  last_error: { message: string; position: number | null; at: string } | null;
  updated_at: string;
}

export type RebuildOutcome = { ran: 'here' } | { ran: 'owner' };

/** A rebuild is already running or asked for: a second one is refused rather than started beside it. */
export class RebuildAlreadyRunning extends Error {
  constructor(name: string) {
    super(`A rebuild of ${name} is already running`);
    this.name = 'RebuildAlreadyRunning';
  }
}

/** Ended without rebuilding: cancelled by an admin, or failed (the live model is unchanged either way). */
export class RebuildNotFinished extends Error {
  constructor(name: string, reason: string) {
    super(`${name} was not rebuilt: ${reason}`);
    this.name = 'RebuildNotFinished';
  }
}

export function progressOf(row: Pick<CheckpointRow, 'rebuild_done' | 'rebuild_total' | 'rebuild_started_at'>, now = Date.now()): RebuildProgress {
  const done = row.rebuild_done ?? 0;
  const total = Math.max(row.rebuild_total ?? 0, done);
  const seconds = row.rebuild_started_at ? (now - row.rebuild_started_at.getTime()) / 1000 : 0;
  const rate = seconds > 0 ? done / seconds : 0;
  return {
    done, total, rate: Math.round(rate),
    eta_seconds: rate > 0 ? Math.ceil((total - done) / rate) : null,
    started_at: row.rebuild_started_at?.toISOString() ?? null,
  };
}

function lastRebuildOf(row: CheckpointRow, finished: Date): NonNullable<ProjectionStatus['last_rebuild']> {
  const { done, total, rate, started_at } = progressOf(row, finished.getTime());
  return { done, total, rate, started_at, finished_at: finished.toISOString() };
}

/** Status and rebuild of projections, shared by the CLI and the admin HTTP endpoints. */
export class ProjectionAdmin {
  constructor(
    private readonly projections: readonly Projection[],
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly locks: LockManager,
    private readonly logger: Logger,
    private readonly options: RunnerOptions = {},
  ) {}

  find(name: string): Projection | undefined {
    return this.projections.find((p) => p.name === name);
  }

  async status(): Promise<ProjectionStatus[]> {
    const [rows, head] = await Promise.all([listCheckpoints(this.store.db), this.store.headPosition()]);
    return Promise.all(this.projections.map(async (p) => {
      // Reading status writes nothing: a projection no runner has started yet is simply at the start.
      const row = rows.find((r) => r.name === p.name);
      const rebuilding = row?.status === 'rebuilding' || row?.status === 'rebuild_requested';
      const common = {
        name: p.name, kind: p.kind, outbox: p.deliver !== undefined, handles: p.handles,
        status: row?.status ?? ('live' as const),
        rebuild: rebuilding && row ? progressOf(row) : null,
        last_rebuild: !rebuilding && row?.rebuild_finished_at ? lastRebuildOf(row, row.rebuild_finished_at) : null,
        last_error: row?.last_error ? { ...row.last_error, at: row.last_error.at.toISOString() } : null,
      };
      if (p.kind === 'inline') {
        // Written with their events, so never behind: a rebuild works on a shadow copy beside them.
        return { ...common, checkpoint: head, head, lag: 0, owner: row?.owner ?? null, updated_at: (row?.updated_at ?? new Date()).toISOString() };
      }
      const cursor = row?.cursor ?? LOG_START;
      // Counted, not subtracted: positions are not commit order, so head − checkpoint can stay
      // above zero for a projection that has applied everything. The live model keeps following
      // the log during a rebuild, so its lag stays true then too.
      return {
        ...common, checkpoint: cursor.position, head, lag: await this.store.countAfter(cursor), owner: row?.owner ?? null,
        updated_at: (row?.updated_at ?? new Date(0)).toISOString(),
      };
    }));
  }

  /**
   * Rebuilds here when no process owns the projection (inline read models always); otherwise
   * asks the owner to, and the caller follows progress through status(). A second rebuild while
   * one runs is refused. Rejects with RebuildNotFinished when a rebuild run here was cancelled
   * or failed.
   */
  async rebuild(name: string, onProgress?: (done: number, total: number) => void): Promise<RebuildOutcome> {
    const projection = this.find(name);
    if (!projection) throw new Error(`unknown projection ${name}`);
    await ensureCheckpoint(this.store.db, name);
    // Whoever holds the projection's lock applies it, or rebuilds it: without the lock, a rebuild runs elsewhere or is asked of the owner.
    const lease = await this.locks.tryAcquire(projectionLockKey(name));
    if (projection.kind === 'inline') {
      if (!lease) throw new RebuildAlreadyRunning(name);
      try {
        const rebuilt = await rebuildInline(this.store, projection, lease, this.logger, { onProgress, batchSize: this.options.rebuildBatchSize });
        if (!rebuilt) throw new RebuildNotFinished(name, 'cancelled');
      } finally {
        await lease.release();
      }
      return { ran: 'here' };
    }
    if (lease) {
      // A rebuild left half-done by an owner that stopped is taken up where its shadow stands.
      const runner = new ProjectionRunner(projection, this.store, this.bus, this.locks, this.logger, this.options);
      const end = await runner.rebuildExclusively(lease, onProgress);
      if (end.outcome === 'cancelled') throw new RebuildNotFinished(name, 'cancelled');
      if (end.outcome === 'failed') throw new RebuildNotFinished(name, (end.error as Error)?.message ?? String(end.error));
      return { ran: 'here' };
    }
    const running = await readCheckpoint(this.store.db, name);
    if (running?.status === 'rebuilding' || running?.status === 'rebuild_requested') throw new RebuildAlreadyRunning(name);
    await requestRebuild(this.store.db, name, await this.store.countCommitted(this.store.db, projection.handles));
    return { ran: 'owner' };
  }

  /** Stops a requested or running rebuild: the shadow copy is dropped and the live model stays as it is. False when none runs. */
  async cancel(name: string): Promise<boolean> {
    return cancelRebuild(this.store.db, name);
  }

  /**
   * Resolves once a requested rebuild has ended (status back to live); rejects with
   * RebuildNotFinished when it was cancelled or failed.
   */
  async waitUntilLive(name: string, onProgress?: (done: number, total: number) => void, pollMs = 200): Promise<void> {
    const asked = Date.now();
    for (;;) {
      const row = await readCheckpoint(this.store.db, name);
      if (!row) return;
      if (row.status === 'live') {
        // An error recorded after the request is this rebuild's.
        if (row.last_error && row.last_error.at.getTime() >= asked) throw new RebuildNotFinished(name, row.last_error.message);
        return;
      }
      onProgress?.(row.rebuild_done ?? 0, row.rebuild_total ?? 0);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}
