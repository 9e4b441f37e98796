import type { NotificationEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { NotificationErrors, notificationDecider } from './notifications.decider';

const given = deciderSpec(notificationDecider);
const NOTE = '7f1c2a4e-0000-4000-8000-000000000001';
const dismissed = (user_id: string): NotificationEvent => ({ type: 'NotificationDismissed', data: { notification_id: NOTE, user_id } });
const cleared = (through_position: number): NotificationEvent => ({ type: 'NotificationsCleared', data: { user_id: 'owner', through_position } });

describe('notification decider', () => {
  it('dismisses a notification its member may see', () => {
    given([]).when({ type: 'DismissNotification', user_id: 'owner', notification_id: NOTE, found: true }).then([dismissed('owner')]);
  });

  it('refuses one that is not the member\'s (or is gone) as missing', () => {
    given([]).when({ type: 'DismissNotification', user_id: 'stranger', notification_id: NOTE, found: false }).thenFails(NotificationErrors.notFound);
    given([dismissed('owner')]).when({ type: 'DismissNotification', user_id: 'stranger', notification_id: NOTE, found: false })
      .thenFails(NotificationErrors.notFound);
  });

  it('dismissing again changes nothing and succeeds, though the read model no longer has it', () => {
    given([dismissed('owner')]).when({ type: 'DismissNotification', user_id: 'owner', notification_id: NOTE, found: false }).thenNothing();
  });

  it('dismisses all up to the newest one the member has', () => {
    given([]).when({ type: 'ClearNotifications', user_id: 'owner', through_position: 40 }).then([cleared(40)]);
    given([cleared(40)]).when({ type: 'ClearNotifications', user_id: 'owner', through_position: 55 }).then([cleared(55)]);
  });

  it('dismissing all with nothing new changes nothing', () => {
    given([]).when({ type: 'ClearNotifications', user_id: 'owner', through_position: null }).thenNothing();
    given([cleared(40)]).when({ type: 'ClearNotifications', user_id: 'owner', through_position: 40 }).thenNothing();
  });
});
