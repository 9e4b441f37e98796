import type { Projection } from '@stardeck/domain';
import type { EventStore, Lease, Logger } from '@stardeck/infra';
import { OWNER_ID, ensureCheckpoint, endRebuild, readCheckpoint, setOwner, setStatus } from './checkpoints';
import { lockLiveTables } from './shadow-tables';
import { REBUILD_BATCH, RebuildCancelled, ShadowRebuild, type LogReader } from './shadow-rebuild';

export interface InlineRebuildOptions {
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Rebuilds an inline read model into shadow tables while writers keep projecting into the live
 * ones, in short transactions of a batch each. Only the last step locks the live tables against
 * writers: it applies the few events committed since the last batch and merges the shadow into
 * the live tables, in one transaction. A writer that appended but had not yet reached the live
 * tables waits for that commit and then applies its event on top of the rebuilt rows. Readers
 * read on throughout and see the old rows until the commit, then the new ones.
 *
 * The caller holds the projection's lock, so one rebuild runs at a time. Resolves false when the
 * rebuild was cancelled; a failed one throws. Either way the live model is as it was.
 */
export async function rebuildInline(
  store: EventStore, projection: Projection, lease: Lease, logger: Logger, options: InlineRebuildOptions = {},
): Promise<boolean> {
  // Inline read models keep secret fields (the users model holds password hashes).
  const read: LogReader = (cursor, limit, executor, types) => store.withSecrets.readAfter(cursor, limit, executor, types);
  const batchSize = options.batchSize ?? REBUILD_BATCH;
  await ensureCheckpoint(store.db, projection.name);
  // Holding the lock, a rebuild marked running is one whose process stopped: go on with its shadow, or start over without one.
  const resumed = await ShadowRebuild.resume(store, projection, read, logger, batchSize);
  if (!resumed && (await readCheckpoint(store.db, projection.name))?.status === 'rebuilding') await setStatus(store.db, projection.name, 'rebuild_requested');
  const rebuild = resumed ?? await ShadowRebuild.start(store, projection, read, OWNER_ID, logger, batchSize);
  if (!rebuild) throw new Error(`a rebuild of ${projection.name} is already running`);
  let leaseLost = false;
  void lease.lost.then(() => (leaseLost = true));
  try {
    await setOwner(store.db, projection.name, OWNER_ID);
    options.onProgress?.(rebuild.done, rebuild.total);
    while (await rebuild.step()) {
      if (leaseLost) throw new Error(`lost the lock on ${projection.name} during its rebuild`);
      options.onProgress?.(rebuild.done, rebuild.total);
    }
    await store.transaction(async (tx) => {
      await lockLiveTables(tx, projection);
      // Under the lock, every event of these types is either committed (and readable here,
      // in-flight transactions notwithstanding) or belongs to a writer now waiting for us.
      for (;;) {
        const events = await store.withSecrets.readCommitted(tx, rebuild.cursor, batchSize, projection.handles);
        if (events.length === 0) break;
        await rebuild.applyToShadow(tx, events);
      }
      await rebuild.swapIn(tx);
      if (!(await endRebuild(tx, projection.name, rebuild.done))) throw new RebuildCancelled(projection.name);
    });
    options.onProgress?.(rebuild.done, Math.max(rebuild.total, rebuild.done));
    return true;
  } catch (error) {
    await rebuild.abandon(error);
    if (error instanceof RebuildCancelled) return false;
    throw error;
  } finally {
    await setOwner(store.db, projection.name, null, OWNER_ID).catch(() => undefined);
  }
}
