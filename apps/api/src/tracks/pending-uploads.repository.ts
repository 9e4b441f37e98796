import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';

/**
 * Uploads a preflight signed and no track has claimed yet. They count against the member's quota
 * (or orphaned uploads would be free storage) until a track takes them or the sweeper removes them.
 */
@Injectable()
export class PendingUploadsRepository {
  async reserve(tx: Tx, key: string, userId: string, filesize: number, expiresAt: Date): Promise<void> {
    await tx.insertInto('pending_uploads').values({ key, user_id: userId, filesize, expires_at: expiresAt }).execute();
  }

  /**
   * A track takes the upload: it now counts as the track's size. The row stays, claimed, until
   * `urlDeadAt` (when the upload URL can no longer write), then the sweeper deletes whatever the
   * URL wrote to the key since; until then such a write counts against the quota.
   * False when a track has already claimed it.
   */
  async claim(tx: Tx, key: string, now: Date, urlDeadAt: Date): Promise<boolean> {
    const row = await tx.selectFrom('pending_uploads').select(['claimed_at', 'expires_at']).where('key', '=', key).forUpdate().executeTakeFirst();
    if (row?.claimed_at) return false;
    const expiresAt = row && row.expires_at < urlDeadAt ? row.expires_at : urlDeadAt;
    if (row) await tx.updateTable('pending_uploads').set({ claimed_at: now, expires_at: expiresAt }).where('key', '=', key).execute();
    return true;
  }

  async isClaimed(executor: Db | Tx, key: string): Promise<boolean> {
    const row = await executor.selectFrom('pending_uploads').select('claimed_at').where('key', '=', key).executeTakeFirst();
    return Boolean(row?.claimed_at);
  }

  async expired(executor: Db | Tx, limit: number, now: Date): Promise<{ key: string }[]> {
    return executor.selectFrom('pending_uploads').select('key').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
  }

  async remove(executor: Db | Tx, key: string): Promise<void> {
    await executor.deleteFrom('pending_uploads').where('key', '=', key).execute();
  }
}
