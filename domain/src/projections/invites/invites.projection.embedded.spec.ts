import type { InviteEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { projectionSpec, type SpecEvent } from '../../kit/spec-helpers';
import { USER_A, USER_B, registered } from '../spec-events';
import { usersProjection } from '../users/users.projection';
import { invitesProjection } from './invites.projection';

// Invites name accounts: the users read model provides them.
const given = projectionSpec(invitesProjection, { alongside: [usersProjection] });
const at = (iso: string) => new Date(iso);

const INVITE = '00000000-0000-4000-8000-000000000101';
const OTHER = '00000000-0000-4000-8000-000000000102';
const REQUEST = '00000000-0000-4000-8000-000000000201';
const onInvite = (id: string, version: number, event: InviteEvent, recordedAt?: Date): SpecEvent =>
  ({ stream_id: `invite-${id}`, stream_version: version, recorded_at: recordedAt, ...event });
const created = (id: string, key: string, accessRequest: string | null = null) =>
  onInvite(id, 1, { type: 'InviteCreated', data: { invite_id: id, key, inviter_id: USER_A, access_request_id: accessRequest } }, at('2026-04-01T09:00:00Z'));

describe('invites projection', () => {
  it('adds an unused invite with its key, inviter and the access request it answers', async () => {
    await given(registered(USER_A, 'Nova'), created(INVITE, 'a1b2c3d4e5f6', REQUEST)).then('invites', [{
      id: INVITE, key: 'a1b2c3d4e5f6', inviter_id: USER_A, access_request_id: REQUEST, created_at: at('2026-04-01T09:00:00Z'),
      used_at: null, used_by_id: null, deleted_at: null, version: 1,
    }]);
  });

  it('marks a redeemed invite used by the new account, and a deleted one deleted, each alone', async () => {
    await given(
      registered(USER_A, 'Nova'),
      registered(USER_B, 'Orion'),
      created(INVITE, 'a1b2c3d4e5f6'),
      created(OTHER, 'ffffffffffff'),
      onInvite(INVITE, 2, { type: 'InviteRedeemed', data: { invite_id: INVITE, user_id: USER_B } }, at('2026-04-02T09:00:00Z')),
      onInvite(OTHER, 2, { type: 'InviteDeleted', data: { invite_id: OTHER } }, at('2026-04-03T09:00:00Z')),
    ).then('invites', [
      { id: INVITE, used_at: at('2026-04-02T09:00:00Z'), used_by_id: USER_B, deleted_at: null, version: 2 },
      { id: OTHER, used_at: null, used_by_id: null, deleted_at: at('2026-04-03T09:00:00Z'), version: 2 },
    ]);
  });
});
