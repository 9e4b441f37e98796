/**
 * Events of a member's notifications. The notifications themselves are not events: each is read
 * from the event that caused it (a comment, a save, a follow, a subscription), and its id is that
 * event's id, the same after every rebuild. Only the member's own changes to them are events.
 *
 * A dismissal has a stream per notification (`notification-{id}`), so dismissing twice, or in two
 * tabs at once, is decided against that one notification and not against every dismissal the
 * member ever made. Dismissing them all is an event of the member's stream (`notifications-{userId}`).
 */
export interface NotificationDismissed { type: 'NotificationDismissed'; data: { notification_id: string; user_id: string } }

/**
 * Every notification of the member up to `through_position` (the log position of the newest one
 * the member could have seen when asking) is dismissed; one that arrives later stays.
 */
export interface NotificationsCleared { type: 'NotificationsCleared'; data: { user_id: string; through_position: number } }

export type NotificationEvent = NotificationDismissed | NotificationsCleared;

export const notificationStreamIds = {
  notification: (id: string) => `notification-${id}`,
  member: (userId: string) => `notifications-${userId}`,
};
