import { sql } from 'kysely';
import { defineProjection } from '../../kit/projection';

export const NOTIFICATION_DISMISSALS = 'notification_dismissals';

/**
 * What each member dismissed, written with the dismissal: the answer to a dismissal carries the
 * unread count after it, and the list read right after must agree, while the async notifications
 * model may not have caught up yet. Readers hide a notification dismissed here or at or below the
 * member's "dismiss all" position.
 */
export const notificationDismissalsProjection = defineProjection({
  name: NOTIFICATION_DISMISSALS,
  kind: 'inline',
  tables: ['notification_dismissals', 'notification_clears'],
  handlers: {
    async NotificationDismissed(event, tx) {
      await tx.insertInto('notification_dismissals').values({ user_id: event.data.user_id, notification_id: event.data.notification_id })
        .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing()).execute();
    },
    async NotificationsCleared(event, tx) {
      const { user_id, through_position } = event.data;
      await tx.insertInto('notification_clears').values({ user_id, through_position })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ through_position: sql`greatest(notification_clears.through_position, excluded.through_position)` }))
        .execute();
    },
  },
});
