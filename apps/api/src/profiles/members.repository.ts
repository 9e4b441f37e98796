import { Injectable } from '@nestjs/common';
import type { UserSortKey } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { paginate, type Page } from '../common/paginate';
import { trackVisibility, type Viewer } from '../common/visibility';

export interface MemberFilter {
  limit: number;
  offset: number;
  sortKey: UserSortKey;
  sortDir: 'asc' | 'desc';
  /** Matched anywhere in the username or the display name. */
  search?: string;
  /** Only members with a track listed to the viewer. */
  hasTracks?: boolean;
  viewer: Viewer;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Reads of members with their profile and counts. No business rules. */
@Injectable()
export class MembersRepository {
  /** A verified member (unverified accounts are nobody yet) by username, in any case. */
  findByUsername(executor: Db | Tx, username: string) {
    return executor.selectFrom('users')
      .leftJoin('profiles', 'profiles.user_id', 'users.id')
      .leftJoin('subscription_counts', 'subscription_counts.user_id', 'users.id')
      .select([
        'users.id', 'users.username', 'users.slug', 'users.role', 'users.tier', 'users.created_at',
        'profiles.display_name', 'profiles.bio', 'profiles.avatar_key', 'profiles.avatar_mimetype', 'profiles.banner_key',
        'profiles.banner_mimetype',
        sql<Record<string, unknown>>`coalesce(profiles.config, '{}'::jsonb)`.as('config'),
        sql<unknown[]>`coalesce(profiles.links, '[]'::jsonb)`.as('links'),
        sql<number>`coalesce(subscription_counts.subscribers, 0)`.as('subscriber_count'),
        sql<number>`coalesce(subscription_counts.subscriptions, 0)`.as('subscription_count'),
      ])
      .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
      .where('users.verified_at', 'is not', null)
      .executeTakeFirst();
  }

  /** Tracks of the member listed to the viewer (the owner's own in every state). */
  async countListedTracks(executor: Db | Tx, userId: string, viewer: Viewer): Promise<number> {
    const row = await executor.selectFrom('tracks').select(sql<number>`count(*)::int`.as('n'))
      .where('tracks.user_id', '=', userId).where(trackVisibility.listedTo(viewer)).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Saved tracks the viewer may see in this member's library (the library page's own rule). */
  async countLibrary(executor: Db | Tx, userId: string, viewer: Viewer): Promise<number> {
    const row = await executor.selectFrom('library_entries').innerJoin('tracks', 'tracks.id', 'library_entries.track_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('library_entries.user_id', '=', userId).where(trackVisibility.shownInListOf(userId, viewer)).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Comments the member wrote on tracks the viewer may open. */
  async countComments(executor: Db | Tx, userId: string, viewer: Viewer): Promise<number> {
    const row = await executor.selectFrom('comments').innerJoin('tracks', 'tracks.id', 'comments.track_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('comments.author_id', '=', userId).where(trackVisibility.visibleTo(viewer)).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async isSubscribed(executor: Db | Tx, subscriberId: string, subjectId: string): Promise<boolean> {
    const row = await executor.selectFrom('subscriptions').select('subject_id')
      .where('subscriber_id', '=', subscriberId).where('subject_id', '=', subjectId).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The filtered list of member ids, without its order. A search looks up each trigram index on
   * its own (usernames, display names) and joins the few matches, so it never scans members.
   */
  listQuery(executor: Db | Tx, filter: MemberFilter) {
    let query = executor.selectFrom('users')
      .leftJoin('subscription_counts', 'subscription_counts.user_id', 'users.id')
      .leftJoin('member_presence', 'member_presence.user_id', 'users.id')
      .select('users.id')
      .where('users.verified_at', 'is not', null);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      const matches = executor.selectFrom('users as named').select('named.id').where('named.username', 'ilike', pattern)
        .unionAll(executor.selectFrom('profiles as shown').select('shown.user_id as id').where('shown.display_name', 'ilike', pattern));
      query = query.where('users.id', 'in', matches);
    }
    if (filter.hasTracks) {
      query = query.where(({ exists, selectFrom }) => exists(
        selectFrom('tracks').select('tracks.id').whereRef('tracks.user_id', '=', 'users.id').where(trackVisibility.listedTo(filter.viewer)),
      ));
    }
    return query;
  }

  list(executor: Db | Tx, filter: MemberFilter): Promise<Page<{ id: string }>> {
    const dir = filter.sortDir;
    return paginate(this.listQuery(executor, filter), filter, (q) => {
      switch (filter.sortKey) {
        case 'random':
          return q.orderBy(sql`random()`);
        case 'username':
          return q.orderBy(sql`lower(users.username)`, dir);
        case 'last_seen':
          return q.orderBy(sql`member_presence.last_seen_at ${sql.raw(dir)} nulls last`).orderBy('users.id');
        case 'followers_count':
          return q.orderBy(sql`coalesce(subscription_counts.subscribers, 0)`, dir).orderBy('users.created_at', 'desc').orderBy('users.id');
        default:
          return q.orderBy('users.created_at', dir).orderBy('users.id', dir);
      }
    });
  }
}
