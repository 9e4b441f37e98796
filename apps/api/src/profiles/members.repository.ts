import { Injectable } from '@nestjs/common';
import type { UserSortKey } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { paginate, type Page } from '../common/paginate';
import { conversationVisibility, trackVisibility, type Viewer } from '../common/visibility';

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

  /**
   * A profile with everything counted for the viewer, in one statement: the member's tracks listed
   * to the viewer, the library the viewer may see, comments on tracks the viewer may open, and
   * whether the viewer subscribes and has a conversation with the member. One round trip instead of six on the hottest member read.
   */
  findProfile(executor: Db | Tx, username: string, viewer: { id: string }) {
    return executor.selectFrom('users')
      .leftJoin('profiles', 'profiles.user_id', 'users.id')
      .leftJoin('subscription_counts', 'subscription_counts.user_id', 'users.id')
      .select((eb) => [
        'users.id', 'users.username', 'users.slug', 'users.role', 'users.tier', 'users.created_at',
        'profiles.display_name', 'profiles.bio', 'profiles.avatar_key', 'profiles.avatar_mimetype', 'profiles.banner_key',
        'profiles.banner_mimetype',
        sql<Record<string, unknown>>`coalesce(profiles.config, '{}'::jsonb)`.as('config'),
        sql<unknown[]>`coalesce(profiles.links, '[]'::jsonb)`.as('links'),
        sql<number>`coalesce(subscription_counts.subscribers, 0)`.as('subscriber_count'),
        sql<number>`coalesce(subscription_counts.subscriptions, 0)`.as('subscription_count'),
        // Kept by the tracks projection: all of the member's tracks to themselves, their listed ones to others.
        eb.selectFrom('member_track_counts').select(sql<number>`case when member_track_counts.user_id = ${viewer.id} then tracks else listed end`.as('n'))
          .whereRef('member_track_counts.user_id', '=', 'users.id').as('audio_count'),
        eb.selectFrom('library_entries').innerJoin('tracks', 'tracks.id', 'library_entries.track_id').select(sql<number>`count(*)::int`.as('n'))
          .whereRef('library_entries.user_id', '=', 'users.id').where(trackVisibility.shownInLibrary(viewer)).as('library_count'),
        eb.selectFrom('comments').innerJoin('tracks', 'tracks.id', 'comments.track_id').select(sql<number>`count(*)::int`.as('n'))
          .whereRef('comments.author_id', '=', 'users.id').where(trackVisibility.visibleTo(viewer)).as('comments_count'),
        eb.exists(eb.selectFrom('subscriptions').select('subscriptions.subject_id')
          .where('subscriptions.subscriber_id', '=', viewer.id).whereRef('subscriptions.subject_id', '=', 'users.id')).as('is_subscribed'),
        // The pinned track (config pinned_track_id) only when it is the member's and the viewer may open it.
        eb.selectFrom('tracks').select('tracks.id').whereRef('tracks.user_id', '=', 'users.id').where(trackVisibility.visibleTo(viewer))
          .where('tracks.id', '=', sql<number>`case when profiles.config->>'pinned_track_id' ~ '^[0-9]{1,15}$' then (profiles.config->>'pinned_track_id')::bigint end`)
          .as('pinned_track_id'),
        eb.exists(eb.selectFrom('conversation_members').select('conversation_members.conversation_id')
          .where(conversationVisibility.listedTo(viewer)).whereRef('conversation_members.other_user_id', '=', 'users.id')).as('has_conversation'),
      ])
      .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
      .where('users.verified_at', 'is not', null)
      .executeTakeFirst();
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
