import type { AccessRequested, InviteCreated, InviteDeleted, InviteRedeemed } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { projectionSpec } from '../../kit/spec-helpers';
import { USER_A, USER_B, onUser, registered } from '../spec-events';
import { statsProjection } from './stats.projection';

const given = projectionSpec(statsProjection);

const invite = (id: string): InviteCreated => ({ type: 'InviteCreated', data: { invite_id: id, key: `key-${id}`, inviter_id: USER_A, access_request_id: null } });
const redeemed: InviteRedeemed = { type: 'InviteRedeemed', data: { invite_id: 'i1', user_id: USER_B } };
const removed: InviteDeleted = { type: 'InviteDeleted', data: { invite_id: 'i2' } };
const request: AccessRequested = { type: 'AccessRequested', data: { request_id: 'r1', email: 'a@example.com', url: 'https://example.com', message: null } };

describe('stats projection', () => {
  it('counts accounts, verifications, invites made, used and deleted, and access requests', async () => {
    await given(
      registered(USER_A, 'Nova'),
      registered(USER_B, 'Orion'),
      onUser(USER_A, 2, { type: 'AccountVerified', data: { user_id: USER_A } }),
      invite('i1'), invite('i2'), invite('i3'),
      redeemed,
      removed,
      request, request,
    ).then('stats_counters', [
      { key: 'access_requests', value: 2 },
      { key: 'invites_created', value: 3 },
      { key: 'invites_deleted', value: 1 },
      { key: 'invites_redeemed', value: 1 },
      { key: 'users_total', value: 2 },
      { key: 'users_verified', value: 1 },
    ]);
  });

  it('counts an event delivered twice twice: the runner, not the counter, keeps it to once', async () => {
    await given(request, { ...request, global_position: 1 }).then('stats_counters', [{ key: 'access_requests', value: 2 }]);
  });
});
