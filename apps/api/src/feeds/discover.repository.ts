import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';

export interface DiscoverMembers {
  /** The verified member who joined last (newest first on `users_created`). */
  newestId: string | undefined;
  /** Verified members by their last request, most recent first (`member_presence_seen`). */
  activeIds: string[];
  /** Verified members. */
  users: number;
  /** Collections listed to everyone (tracks are counted by their own list). */
  collections: number;
}

/** Members and counts for discover. No business rules. */
@Injectable()
export class DiscoverRepository {
  /** Everything discover shows of members and counts, in one statement. */
  async members(executor: Db | Tx, activeLimit: number): Promise<DiscoverMembers> {
    const { rows } = await sql<{ newest: string | null; active: string[] | null; users: string | number; collections: string | number }>`
      select
        (select id from users where verified_at is not null order by created_at desc, id desc limit 1) as newest,
        array(
          select users.id from member_presence join users on users.id = member_presence.user_id where users.verified_at is not null
          order by member_presence.last_seen_at desc, users.id limit ${activeLimit}
        )::text[] as active,
        (select count(*) from users where verified_at is not null) as users,
        (select count(*) from collections where visibility = 'public') as collections`.execute(executor);
    const row = rows[0]!;
    return { newestId: row.newest ?? undefined, activeIds: row.active ?? [], users: Number(row.users), collections: Number(row.collections) };
  }
}
