import { Injectable } from '@nestjs/common';
import { SOCIAL_MSG, type NotificationEvent } from '@stardeck/contracts';
import {
  notificationDecider, notificationDismissalsProjection, type NotificationCommand, type NotificationErrorCode, type NotificationState,
} from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Dismissals, on a notification's stream or the member's, and how a refusal is answered. */
@Injectable()
export class NotificationCommands extends CommandHandler<NotificationCommand, NotificationEvent, NotificationState, NotificationErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: notificationDecider,
      projection: notificationDismissalsProjection,
      // Two tabs dismissing the same notification at once both succeed.
      serialised: true,
      errors: {
        notification_not_found: () => ApiError.notFound(SOCIAL_MSG.notificationNotFound, 'Notification'),
      },
    });
  }
}
