import type { EventBus, EventStore, LockManager, Logger } from '@stardeck/infra';
import { LOG_START } from '@stardeck/infra';
import { ensureCheckpoint, listCheckpoints, readCheckpoint, setStatus } from './checkpoints';
import type { Projection } from '@stardeck/domain';
import { rebuildInline } from './inline-rebuild';
import { ProjectionRunner, projectionLockKey } from './projection-runner';

export interface ProjectionStatus {
  name: string;
  /** Inline read models are written with their events, so they never lag. */
  kind: 'inline' | 'async';
  handles: readonly string[];
  status: 'live' | 'rebuilding' | 'rebuild_requested';
  checkpoint: number;
  head: number;
  /** Events appended after the checkpoint. */
  lag: number;
  owner: string | null;
  rebuild: { done: number; total: number } | null;
  updated_at: string;
}

export type RebuildOutcome = { ran: 'here' } | { ran: 'owner' };

/** Status and rebuild of projections, shared by the CLI and the admin HTTP endpoints. */
export class ProjectionAdmin {
  constructor(
    private readonly projections: readonly Projection[],
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly locks: LockManager,
    private readonly logger: Logger,
  ) {}

  find(name: string): Projection | undefined {
    return this.projections.find((p) => p.name === name);
  }

  async status(): Promise<ProjectionStatus[]> {
    const [rows, head] = await Promise.all([listCheckpoints(this.store.db), this.store.headPosition()]);
    return Promise.all(this.projections.map(async (p) => {
      if (p.kind === 'inline') {
        return {
          name: p.name, kind: p.kind, handles: p.handles, status: 'live' as const, checkpoint: head, head, lag: 0, owner: null, rebuild: null,
          updated_at: new Date().toISOString(),
        };
      }
      // Reading status writes nothing: a projection no runner has started yet is simply at the start.
      const row = rows.find((r) => r.name === p.name) ?? {
        name: p.name, cursor: LOG_START, status: 'live' as const, rebuild_total: null, rebuild_done: null, owner: null, updated_at: new Date(0),
      };
      // Counted, not subtracted: positions are not commit order, so head − checkpoint can stay
      // above zero for a projection that has applied everything.
      const behind = row.status === 'live' ? await this.store.countAfter(row.cursor) : head;
      return {
        name: p.name,
        kind: p.kind,
        handles: p.handles,
        status: row.status,
        checkpoint: row.cursor.position,
        head,
        lag: behind,
        owner: row.owner,
        rebuild: row.status === 'rebuilding' ? { done: row.rebuild_done ?? 0, total: row.rebuild_total ?? 0 } : null,
        updated_at: row.updated_at.toISOString(),
      };
    }));
  }

  /**
   * Rebuilds here when no process owns the projection; otherwise asks the owner to, and the
   * caller follows progress through status().
   */
  async rebuild(name: string, onProgress?: (done: number, total: number) => void): Promise<RebuildOutcome> {
    const projection = this.find(name);
    if (!projection) throw new Error(`unknown projection ${name}`);
    if (projection.kind === 'inline') {
      await rebuildInline(this.store, projection, onProgress);
      return { ran: 'here' };
    }
    await ensureCheckpoint(this.store.db, name);
    const lease = await this.locks.tryAcquire(projectionLockKey(name));
    if (lease) {
      const runner = new ProjectionRunner(projection, this.store, this.bus, this.locks, this.logger);
      await runner.rebuildExclusively(lease, onProgress);
      return { ran: 'here' };
    }
    await setStatus(this.store.db, name, 'rebuild_requested', { rebuild_total: await this.store.countAfter(LOG_START), rebuild_done: 0 });
    return { ran: 'owner' };
  }

  /** Resolves once a requested rebuild has finished (status back to live). */
  async waitUntilLive(name: string, onProgress?: (done: number, total: number) => void, pollMs = 200): Promise<void> {
    for (;;) {
      const row = await readCheckpoint(this.store.db, name);
      if (!row) return;
      if (row.status === 'live') return;
      onProgress?.(row.rebuild_done ?? 0, row.rebuild_total ?? 0);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}
