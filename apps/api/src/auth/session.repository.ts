import { Inject, Injectable } from '@nestjs/common';
import type { Db, Platform, RefreshTokensTable, Tx } from '@stardeck/infra';
import type { Selectable } from 'kysely';
import { PLATFORM } from '../platform/platform.module';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** The `refresh_tokens` table: one row per issued refresh token, grouped in families (one per sign-in). */
@Injectable()
export class SessionRepository {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.database.db;
  }

  async insert(executor: Db | Tx, token: Omit<RefreshTokenRow, 'created_at' | 'used_at' | 'revoked_at'>): Promise<void> {
    await executor.insertInto('refresh_tokens').values({ ...token, used_at: null, revoked_at: null }).execute();
  }

  /** Marks a live token used (rotated) and returns it; null when it was already used, revoked or expired. */
  consume(tx: Tx, tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
    return tx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  findByHash(tokenHash: string, executor: Db | Tx = this.db): Promise<RefreshTokenRow | undefined> {
    return executor.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async revokeFamily(familyId: string, now: Date, executor: Db | Tx = this.db): Promise<void> {
    await executor.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  async revokeAllOfUser(userId: string, now: Date, executor: Db | Tx = this.db): Promise<void> {
    await executor.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }
}
