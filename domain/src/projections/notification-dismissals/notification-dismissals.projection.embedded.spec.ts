import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { notificationDismissalsProjection } from './notification-dismissals.projection';

const given = projectionSpec(notificationDismissalsProjection, { alongside: [usersProjection] });
const { owner, fan } = SPEC_MEMBERS;
const NOTE_A = '7f1c2a4e-0000-4000-8000-00000000000a';
const NOTE_B = '7f1c2a4e-0000-4000-8000-00000000000b';
const dismissed = (notification_id: string, user_id: string = owner) => ({ type: 'NotificationDismissed', data: { notification_id, user_id } });
const cleared = (through_position: number, user_id: string = owner) => ({ type: 'NotificationsCleared', data: { user_id, through_position } });

describe('notification dismissals projection', () => {
  it('keeps what each member dismissed', async () => {
    await given(...everyoneRegistered(), dismissed(NOTE_A), dismissed(NOTE_B), dismissed(NOTE_A, fan))
      .then('notification_dismissals', [
        { user_id: owner, notification_id: NOTE_A },
        { user_id: owner, notification_id: NOTE_B },
        { user_id: fan, notification_id: NOTE_A },
      ], 'user_id');
  });

  it('keeps how far each member\'s "dismiss all" reached, never moving back', async () => {
    await given(...everyoneRegistered(), cleared(40), cleared(90, fan), cleared(55), { ...cleared(30), global_position: 20 })
      .then('notification_clears', [{ user_id: owner, through_position: 55 }, { user_id: fan, through_position: 90 }], 'through_position');
  });

  it('a dismissal applied twice is kept once', async () => {
    await given(...everyoneRegistered(), { ...dismissed(NOTE_A), global_position: 4 }, { ...dismissed(NOTE_A), global_position: 4 })
      .then('notification_dismissals', [{ user_id: owner, notification_id: NOTE_A }]);
  });
});
