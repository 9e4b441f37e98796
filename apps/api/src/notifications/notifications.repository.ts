import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { consistentTotal, pageOf, type Page, type PageRequest } from '../common/paginate';
import { unreadNotificationCount, unreadNotifications } from '../common/unread-notifications.repository';

/** A notification with what it is about, as one query reads it. */
export type NotificationRow = Awaited<ReturnType<ReturnType<typeof withSubjects>['executeTakeFirstOrThrow']>>;

function withSubjects(query: ReturnType<typeof unreadNotifications>) {
  return query
    .leftJoin('tracks', 'tracks.id', 'notifications.track_id')
    .leftJoin('users as track_owner', 'track_owner.id', 'tracks.user_id')
    .leftJoin('profiles as track_owner_profile', 'track_owner_profile.user_id', 'tracks.user_id')
    .leftJoin('comments', 'comments.id', 'notifications.comment_id')
    .leftJoin('comments as thread', 'thread.id', 'notifications.thread_id')
    .leftJoin('collections', 'collections.id', 'notifications.collection_id')
    .leftJoin('users as collection_owner', 'collection_owner.id', 'collections.user_id')
    .leftJoin('albums', 'albums.id', 'notifications.album_id')
    .leftJoin('users as album_owner', 'album_owner.id', 'albums.user_id')
    .select([
      'notifications.id', 'notifications.action', 'notifications.actor_id', 'notifications.created_at', 'notifications.source_position',
      'tracks.id as track_id', 'tracks.title as track_title', 'tracks.slug as track_slug',
      'track_owner.username as track_username', 'track_owner_profile.display_name as track_display_name',
      'comments.id as comment_id', 'comments.text as comment_text', 'comments.track_id as comment_track_id',
      'thread.id as thread_id', 'thread.text as thread_text', 'thread.track_id as thread_track_id',
      'collections.id as collection_id', 'collections.name as collection_name', 'collections.slug as collection_slug',
      'collection_owner.username as collection_username',
      'albums.id as album_id', 'albums.title as album_title', 'albums.slug as album_slug', 'album_owner.username as album_username',
    ]);
}

/** Reads of a member's notifications; which ones they see is decided in unreadNotifications. */
@Injectable()
export class NotificationsRepository {
  /**
   * A page of the member's notifications, newest first, and how many they see in all (their
   * unread count): one statement, the count beside the page. `counted` is that count as read,
   * before the page is made to agree with it.
   */
  async page(executor: Db | Tx, memberId: string, page: PageRequest): Promise<Page<NotificationRow> & { counted: number }> {
    const rows = await withSubjects(unreadNotifications(executor, memberId)).select(sql<string>`count(*) over ()`.as('counted'))
      .orderBy('notifications.source_position', 'desc').limit(page.limit).offset(page.offset).execute();
    // Past the end the page has no row to carry the count.
    const counted = rows.length > 0 ? Number(rows[0]!.counted) : await unreadNotificationCount(executor, memberId);
    return { ...pageOf(rows, consistentTotal(counted, page, rows.length), page), counted };
  }

  /** One of the member's notifications, if they still see it. */
  find(executor: Db | Tx, memberId: string, id: string): Promise<NotificationRow | undefined> {
    return withSubjects(unreadNotifications(executor, memberId)).where('notifications.id', '=', id).executeTakeFirst();
  }

  /** Whether the member sees this notification now. */
  async isUnread(executor: Db | Tx, memberId: string, id: string): Promise<boolean> {
    return (await unreadNotifications(executor, memberId).select('notifications.id').where('notifications.id', '=', id).executeTakeFirst()) !== undefined;
  }

  /**
   * The log position of the member's newest notification, dismissed and hidden ones included:
   * how far "dismiss all" reaches. Null when they never had one.
   */
  async newestPosition(executor: Db | Tx, memberId: string): Promise<number | null> {
    const row = await executor.selectFrom('notifications').select((eb) => eb.fn.max('source_position').as('newest'))
      .where('recipient_id', '=', memberId).executeTakeFirst();
    return row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
  }
}
