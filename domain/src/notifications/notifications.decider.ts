import type { NotificationEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type NotificationCommand =
  /**
   * `found`: the notification is the member's and they may see it now, as the read model says at
   * the time of the command. A notification of someone else answers like a missing one.
   */
  | { type: 'DismissNotification'; user_id: string; notification_id: string; found: boolean }
  /** `through_position`: the newest of the member's notifications when asking; null when they have none. */
  | { type: 'ClearNotifications'; user_id: string; through_position: number | null };

/**
 * One decider for both streams: a notification's (who dismissed it) and a member's (how far
 * "dismiss all" reached). Each stream only ever holds its own kind of event.
 */
export interface NotificationState {
  dismissed_by: string | null;
  cleared_through: number;
}

export const NotificationErrors = { notFound: 'notification_not_found' } as const;
export type NotificationErrorCode = (typeof NotificationErrors)[keyof typeof NotificationErrors];

/**
 * Dismissing is idempotent for its member: a second dismissal (a retry, another tab) changes
 * nothing and succeeds, though the notification is gone from the read model by then. "Dismiss
 * all" with nothing newer than the last one changes nothing either.
 */
export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationState, NotificationErrorCode> = {
  initialState: () => ({ dismissed_by: null, cleared_through: 0 }),

  decide(command, state) {
    switch (command.type) {
      case 'DismissNotification':
        if (state.dismissed_by === command.user_id) return [];
        if (!command.found) return new DomainError<NotificationErrorCode>(NotificationErrors.notFound, 'Notification not found');
        return [{ type: 'NotificationDismissed', data: { notification_id: command.notification_id, user_id: command.user_id } }];
      case 'ClearNotifications':
        if (command.through_position === null || command.through_position <= state.cleared_through) return [];
        return [{ type: 'NotificationsCleared', data: { user_id: command.user_id, through_position: command.through_position } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'NotificationDismissed':
        return { ...state, dismissed_by: event.data.user_id };
      case 'NotificationsCleared':
        return { ...state, cleared_through: Math.max(state.cleared_through, event.data.through_position) };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
