import { Injectable } from '@nestjs/common';
import type { Db, Tx, UsersTable } from '@stardeck/infra';
import type { OneTimePurpose } from '@stardeck/domain';
import { sql, type Selectable } from 'kysely';

/** An account with what `me` shows of its profile: the display name and the saved settings. */
export type UserRow = Selectable<UsersTable> & { display_name: string | null; config: Record<string, unknown> };
export type { OneTimePurpose };

/**
 * Reads of the `users` projection and the use of mailed links' one-time tokens (the account mail
 * outbox makes them). No business rules.
 */
@Injectable()
export class AccountsRepository {
  /** Accounts joined with their profile row, which exists once the member first edits their profile. */
  private accounts(executor: Db | Tx) {
    return executor.selectFrom('users').leftJoin('profiles', 'profiles.user_id', 'users.id')
      .selectAll('users')
      .select(['profiles.display_name', sql<Record<string, unknown>>`coalesce(profiles.config, '{}'::jsonb)`.as('config')]);
  }

  findById(executor: Db | Tx, id: string): Promise<UserRow | undefined> {
    return this.accounts(executor).where('users.id', '=', id).executeTakeFirst();
  }

  /**
   * An account and whether a sign-in family of it is still live, in one statement: every
   * authenticated request asks both.
   */
  async findWithSession(executor: Db | Tx, id: string, familyId: string): Promise<{ user: UserRow; live: boolean } | undefined> {
    const row = await this.accounts(executor).where('users.id', '=', id)
      .select((eb) => eb.exists(eb.selectFrom('refresh_tokens').select('refresh_tokens.family_id')
        .where('refresh_tokens.family_id', '=', familyId).where('refresh_tokens.revoked_at', 'is', null)).as('session_live'))
      .executeTakeFirst();
    if (!row) return undefined;
    const { session_live: live, ...user } = row;
    return { user, live: Boolean(live) };
  }

  findByEmail(executor: Db | Tx, email: string): Promise<UserRow | undefined> {
    return this.accounts(executor).where(sql<string>`lower(users.email)`, '=', email.toLowerCase()).executeTakeFirst();
  }

  async findAnyAdmin(executor: Db | Tx): Promise<UserRow | undefined> {
    return this.accounts(executor).where('users.role', '=', 'admin').orderBy('users.created_at').limit(1).executeTakeFirst();
  }

  /** Which of email and username another account already holds, compared case-insensitively. */
  async conflicts(executor: Db | Tx, email: string, username: string): Promise<{ email: boolean; username: boolean }> {
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

  /** Marks a live token used and returns its user, atomically: a link works exactly once. */
  /** Like consumeOneTimeToken, with the mail event the link was made for (what it confirms). */
  async consumeMailedToken(tx: Tx, tokenHash: string, purpose: OneTimePurpose, now: Date): Promise<{ user_id: string; mail_event_id: string | null } | null> {
    const row = await tx.updateTable('one_time_tokens').set({ used_at: now })
      .where('token_hash', '=', tokenHash).where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', now)
      .returning(['user_id', 'mail_event_id'])
      .executeTakeFirst();
    return row ?? null;
  }

  /** The address an email change asked for, from the request's event. */
  async requestedEmail(executor: Db | Tx, eventId: string): Promise<string | null> {
    const row = await executor.selectFrom('events').select('data').where('event_id', '=', eventId).where('type', '=', 'EmailChangeRequested').executeTakeFirst();
    const email = (row?.data as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email : null;
  }

  /** Whether a link's token is still good (unused, unexpired), without spending it. */
  async liveOneTimeToken(executor: Db | Tx, tokenHash: string, purpose: OneTimePurpose, now: Date): Promise<boolean> {
    const row = await executor.selectFrom('one_time_tokens').select('user_id')
      .where('token_hash', '=', tokenHash).where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

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
