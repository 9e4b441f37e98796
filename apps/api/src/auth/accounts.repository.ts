import { Inject, Injectable } from '@nestjs/common';
import type { Db, Platform, Tx, UsersTable } from '@stardeck/infra';
import { sql, type Selectable } from 'kysely';
import { PLATFORM } from '../platform/platform.module';

export type UserRow = Selectable<UsersTable>;
export type OneTimePurpose = 'verify' | 'reset';

/** Reads of the `users` projection and the one-time tokens of mailed links. No business rules. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.database.db;
  }

  findById(id: string, executor: Db | Tx = this.db): Promise<UserRow | undefined> {
    return executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string, executor: Db | Tx = this.db): Promise<UserRow | undefined> {
    return executor.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  }

  async findAnyAdmin(): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('role', '=', 'admin').orderBy('created_at').limit(1).executeTakeFirst();
  }

  /** Which of email and username another account already holds, compared case-insensitively. */
  async conflicts(email: string, username: string, executor: Db | Tx = this.db): Promise<{ email: boolean; username: boolean }> {
    const rows = await executor
      .selectFrom('users')
      .select([sql<string>`lower(email)`.as('email'), sql<string>`lower(username)`.as('username')])
      .where((eb) => eb.or([
        eb(sql<string>`lower(email)`, '=', email.toLowerCase()),
        eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
      ]))
      .execute();
    return {
      email: rows.some((row) => row.email === email.toLowerCase()),
      username: rows.some((row) => row.username === username.toLowerCase()),
    };
  }

  /** Stores a new link's token; earlier unused links of the same purpose stop working, so only the newest mail counts. */
  async createOneTimeToken(tx: Tx, token: { token_hash: string; user_id: string; purpose: OneTimePurpose; expires_at: Date }): Promise<void> {
    await tx.updateTable('one_time_tokens').set({ used_at: new Date() })
      .where('user_id', '=', token.user_id).where('purpose', '=', token.purpose).where('used_at', 'is', null)
      .execute();
    await tx.insertInto('one_time_tokens').values({ ...token, used_at: null }).execute();
  }

  /** Marks a live token used and returns its user, atomically: a link works exactly once. */
  async consumeOneTimeToken(tx: Tx, tokenHash: string, purpose: OneTimePurpose, now: Date): Promise<string | null> {
    const row = await tx
      .updateTable('one_time_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }
}
