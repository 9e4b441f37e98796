import { tierOfAccount } from '@stardeck/contracts';
import type { Db, ObjectStorage, Tx } from '@stardeck/infra';
import { sql } from 'kysely';

const MB = 1024 * 1024;

/**
 * What counts against a member's storage quota. Every write that adds to it (create, and the
 * transcoder's renditions) takes the member's lock first and reads these in the same
 * transaction, so two writes at once cannot both squeeze under the quota.
 */
export const storageUsage = {
  async lock(tx: Tx, userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads-${userId}`}, 0))`.execute(tx);
  },

  /**
   * Bytes of the member's tracks: each stored source plus every rendition the transcoder made of
   * it, a video track's video and poster included (failed uploads are removed, so they count nothing).
   */
  async trackBytes(executor: Db | Tx, userId: string): Promise<number> {
    // Kept by the tracks projection in the transaction that changes a track (track-counts.ts), so
    // a read under the uploader's lock sees every committed change.
    const row = await executor.selectFrom('member_track_counts').select('bytes').where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.bytes ?? 0);
  },

  /** Bytes of uploads signed and not yet turned into a track, until their reservation expires. */
  async reservedBytes(executor: Db | Tx, userId: string, now: Date): Promise<number> {
    const row = await executor.selectFrom('pending_uploads').select(sql<number>`coalesce(sum(filesize), 0)::bigint`.as('bytes'))
      .where('user_id', '=', userId).where('expires_at', '>', now).where('claimed_at', 'is', null).executeTakeFirstOrThrow();
    return Number(row.bytes);
  },

  /**
   * Bytes written through an upload URL again after its track took the file: the URL stays valid
   * until it expires, and what it wrote sits at the claimed upload key until the sweeper removes
   * it. It is the member's storage meanwhile, so it counts.
   */
  async strayBytes(executor: Db | Tx, storage: ObjectStorage, userId: string, now: Date): Promise<number> {
    const claimed = await executor.selectFrom('pending_uploads').select('key')
      .where('user_id', '=', userId).where('expires_at', '>', now).where('claimed_at', 'is not', null).execute();
    const found = await Promise.all(claimed.map(({ key }) => storage.head(key)));
    return found.reduce((sum, info) => sum + (info?.size ?? 0), 0);
  },

  /** Everything that counts against the quota: tracks, reserved uploads and stray writes of used upload URLs. */
  async usedBytes(executor: Db | Tx, storage: ObjectStorage, userId: string, now: Date): Promise<number> {
    const tracks = await storageUsage.trackBytes(executor, userId);
    const reserved = await storageUsage.reservedBytes(executor, userId, now);
    return tracks + reserved + (await storageUsage.strayBytes(executor, storage, userId, now));
  },

  /** The member's quota in bytes, from the tier in the users read model. */
  async quotaBytes(executor: Db | Tx, userId: string): Promise<number> {
    const account = await executor.selectFrom('users').select(['role', 'tier']).where('id', '=', userId).executeTakeFirst();
    return account ? tierOfAccount(account).storageMb * MB : 0;
  },
};
