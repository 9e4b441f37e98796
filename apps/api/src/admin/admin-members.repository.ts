import { Injectable } from '@nestjs/common';
import type { AdminMemberView } from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import { sql } from 'kysely';
import { paginateWithoutTotal } from '../common/paginate';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admins' member search: every account, unverified ones included, by id, part of the
 * username (its trigram index) or the start of the email. No business rules.
 */
@Injectable()
export class AdminMembersRepository {
  async search(executor: Db, q: string | undefined, limit: number, offset: number): Promise<{ members: AdminMemberView[]; has_more: boolean }> {
    let query = executor.selectFrom('users')
      .leftJoin('member_presence', 'member_presence.user_id', 'users.id')
      .select(['users.id', 'users.username', 'users.email', 'users.role', 'users.tier', 'users.verified_at', 'users.created_at', 'member_presence.last_seen_at']);
    if (q && UUID.test(q)) query = query.where('users.id', '=', q.toLowerCase());
    else if (q) {
      const emailPrefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('users.username', 'ilike', likePattern(q)), eb(sql<string>`lower(users.email)`, 'like', emailPrefix)]));
    }
    const page = await paginateWithoutTotal(query, { limit, offset }, (list) => list.orderBy(sql`lower(users.username)`));
    return {
      has_more: page.has_more,
      members: page.items.map((row) => ({
        id: row.id, username: row.username, email: row.email, role: row.role, tier: row.tier, verified: row.verified_at !== null,
        created: new Date(row.created_at).toISOString(), last_seen: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
      })),
    };
  }
}
