import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';

/** Members and counts for discover. No business rules. */
@Injectable()
export class DiscoverRepository {
  /** The verified member who joined last (newest first on `users_created`). */
  async newestMemberId(executor: Db | Tx): Promise<string | undefined> {
    const row = await executor.selectFrom('users').select('id').where('verified_at', 'is not', null)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row?.id;
  }

  /** Verified members by their last request, most recent first (`member_presence_seen`). */
  async activeMemberIds(executor: Db | Tx, limit: number): Promise<string[]> {
    const rows = await executor.selectFrom('member_presence').innerJoin('users', 'users.id', 'member_presence.user_id')
      .select('users.id').where('users.verified_at', 'is not', null)
      .orderBy('member_presence.last_seen_at', 'desc').orderBy('users.id').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /** Verified members, and collections listed to everyone (tracks are counted by their own list). */
  async counts(executor: Db | Tx): Promise<{ users: number; collections: number }> {
    const [users, collections] = await Promise.all([
      executor.selectFrom('users').select(sql<number>`count(*)::bigint`.as('n')).where('verified_at', 'is not', null).executeTakeFirstOrThrow(),
      executor.selectFrom('collections').select(sql<number>`count(*)::bigint`.as('n')).where('visibility', '=', 'public').executeTakeFirstOrThrow(),
    ]);
    return { users: Number(users.n), collections: Number(collections.n) };
  }
}
