import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { notificationVisibility } from './visibility';

/**
 * A member's notifications as they see them: theirs, about what they may open, and not dismissed
 * (one by one, or by a "dismiss all" that reached its position). Shared by the notifications list
 * and the unread count every `me` carries, so the two always agree.
 */
export function unreadNotifications(executor: Db | Tx, memberId: string) {
  return executor.selectFrom('notifications')
    .where(notificationVisibility.visibleTo({ id: memberId }))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('notification_dismissals').select('notification_dismissals.notification_id')
      .where('notification_dismissals.user_id', '=', memberId).whereRef('notification_dismissals.notification_id', '=', 'notifications.id'))))
    .where((eb) => eb('notifications.source_position', '>', eb.fn.coalesce(
      eb.selectFrom('notification_clears').select('notification_clears.through_position').where('notification_clears.user_id', '=', memberId),
      sql<number>`0`,
    )));
}

/** The count of spec §3 Me `notification_count`. */
export async function unreadNotificationCount(executor: Db | Tx, memberId: string): Promise<number> {
  const row = await unreadNotifications(executor, memberId).select(sql<number>`count(*)::bigint`.as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
