import { Inject, Injectable } from '@nestjs/common';
import type { Db, Platform, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { PLATFORM } from '../platform/platform.module';

/**
 * Uploads a preflight signed and no track has claimed yet. They count against the member's quota
 * (or orphaned uploads would be free storage) until a track takes them or the sweeper removes them.
 */
@Injectable()
export class PendingUploadsRepository {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.database.db;
  }

  async reserve(tx: Tx, key: string, userId: string, filesize: number, expiresAt: Date): Promise<void> {
    await tx.insertInto('pending_uploads').values({ key, user_id: userId, filesize, expires_at: expiresAt }).execute();
  }

  /** A track took the upload: it now counts as the track's size. */
  async claim(tx: Tx, key: string): Promise<void> {
    await tx.deleteFrom('pending_uploads').where('key', '=', key).execute();
  }

  async reservedBytes(userId: string, executor: Db | Tx = this.db): Promise<number> {
    const row = await executor.selectFrom('pending_uploads').select(sql<number>`coalesce(sum(filesize), 0)::bigint`.as('bytes'))
      .where('user_id', '=', userId).where('expires_at', '>', new Date()).executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  async expired(limit: number): Promise<{ key: string }[]> {
    return this.db.selectFrom('pending_uploads').select('key').where('expires_at', '<=', new Date()).orderBy('expires_at').limit(limit).execute();
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('pending_uploads').where('key', '=', key).execute();
  }
}
