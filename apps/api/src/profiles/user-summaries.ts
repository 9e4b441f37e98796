import { Injectable } from '@nestjs/common';
import type { UserSummary } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import type { Viewer } from '../common/visibility';
import { ImageService } from '../images';

export interface SummaryOptions {
  /** Where members are discovered (the users list): adds bio and last_seen. */
  discover?: boolean;
}

/**
 * Spec §3 User summary, the one way every list shows a member: three indexed queries per page
 * whatever its length (the members, their listed track counts, whom of them the viewer follows).
 */
@Injectable()
export class UserSummaryBuilder {
  constructor(private readonly images: ImageService) {}

  /** Summaries of these members, in the order given; ids of no member are left out. */
  async forIds(executor: Db | Tx, ids: readonly string[], viewer: Viewer, options: SummaryOptions = {}): Promise<UserSummary[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
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
        .where('users.id', 'in', unique)
        .execute(),
      // The counts the tracks projection keeps: the viewer's own tracks in every state, others' listed ones.
      executor.selectFrom('member_track_counts')
        .select(['member_track_counts.user_id', viewer ? sql<number>`case when member_track_counts.user_id = ${viewer.id} then tracks else listed end`.as('n') : 'listed as n'])
        .where('member_track_counts.user_id', 'in', unique).execute(),
      viewer
        ? executor.selectFrom('subscriptions').select('subject_id').where('subscriber_id', '=', viewer.id).where('subject_id', 'in', unique).execute()
        : Promise.resolve([]),
    ]);
    const tracks = new Map(audio.map((row) => [row.user_id, Number(row.n)]));
    const following = new Set(followed.map((row) => row.subject_id));
    const byId = new Map(await Promise.all(rows.map(async (row) => [row.id, {
      id: row.id,
      username: row.username,
      display_name: row.display_name,
      slug: row.slug,
      avatar: row.avatar_key ? await this.images.urlOf(row.avatar_key, row.avatar_mimetype) : null,
      joined_at: new Date(row.created_at).toISOString(),
      audio_count: tracks.get(row.id) ?? 0,
      subscriber_count: Number(row.subscriber_count),
      is_subscribed: following.has(row.id),
      ...(options.discover ? { bio: row.bio, last_seen: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null } : {}),
    } satisfies UserSummary] as const)));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async forId(executor: Db | Tx, id: string, viewer: Viewer): Promise<UserSummary | undefined> {
    return (await this.forIds(executor, [id], viewer))[0];
  }
}
