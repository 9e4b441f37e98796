import { Injectable } from '@nestjs/common';
import type { Db, RefreshTokensTable, Tx } from '@stardeck/infra';
import type { Selectable } from 'kysely';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** The `refresh_tokens` table: one row per issued refresh token, grouped in families (one per sign-in). */
@Injectable()
export class SessionRepository {
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

  /** Whether the user ever signed in before (every sign-in leaves its family's rows). */
  async hasSignedIn(executor: Db | Tx, userId: string): Promise<boolean> {
    const row = await executor.selectFrom('refresh_tokens').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  findByHash(executor: Db | Tx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return executor.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Of these sign-ins (refresh-token families), the ones not revoked. */
  async liveFamilies(executor: Db | Tx, familyIds: readonly string[]): Promise<Set<string>> {
    if (familyIds.length === 0) return new Set();
    const rows = await executor.selectFrom('refresh_tokens').select('family_id').distinct()
      .where('family_id', 'in', [...new Set(familyIds)]).where('revoked_at', 'is', null).execute();
    return new Set(rows.map((row) => row.family_id));
  }

  async revokeFamily(executor: Db | Tx, familyId: string, now: Date): Promise<void> {
    await executor.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  /** Every sign-in of the user but `keepFamily`'s (the one that asked). */
  async revokeOthersOfUser(executor: Db | Tx, userId: string, keepFamily: string, now: Date): Promise<void> {
    await executor.updateTable('refresh_tokens').set({ revoked_at: now })
      .where('user_id', '=', userId).where('family_id', '!=', keepFamily).where('revoked_at', 'is', null).execute();
  }

  async revokeAllOfUser(executor: Db | Tx, userId: string, now: Date): Promise<void> {
    await executor.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }
}
