import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import type { Viewer } from '../common/visibility';

/**
 * What a page of user summaries is made of: three indexed queries whatever its length (the
 * members, their kept track counts, whom of them the viewer follows). No business rules.
 */
@Injectable()
export class UserSummariesRepository {
  async rowsOf(executor: Db | Tx, ids: readonly string[], viewer: Viewer) {
    const [rows, audio, followed] = await Promise.all([
      executor.selectFrom('users')
        .leftJoin('profiles', 'profiles.user_id', 'users.id')
        .leftJoin('subscription_counts', 'subscription_counts.user_id', 'users.id')
        .leftJoin('member_presence', 'member_presence.user_id', 'users.id')
        .select([
          'users.id', 'users.username', 'users.slug', 'users.created_at', 'profiles.display_name', 'profiles.bio',
          'profiles.avatar_key', 'profiles.avatar_mimetype', 'member_presence.last_seen_at',
          sql<number>`coalesce(subscription_counts.subscribers, 0)`.as('subscriber_count'),
        ])
        .where('users.id', 'in', ids)
        .execute(),
      // The counts the tracks projection keeps: the viewer's own tracks in every state, others' listed ones.
      executor.selectFrom('member_track_counts')
        .select(['member_track_counts.user_id', viewer ? sql<number>`case when member_track_counts.user_id = ${viewer.id} then tracks else listed end`.as('n') : 'listed as n'])
        .where('member_track_counts.user_id', 'in', ids).execute(),
      viewer
        ? executor.selectFrom('subscriptions').select('subject_id').where('subscriber_id', '=', viewer.id).where('subject_id', 'in', ids).execute()
        : Promise.resolve([]),
    ]);
    return { rows, audio, followed };
  }
}
