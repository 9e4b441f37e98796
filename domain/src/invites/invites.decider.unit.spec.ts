import type { InviteEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { InviteErrors, inviteDecider, type InviteCommand } from './invites.decider';

const given = deciderSpec(inviteDecider);

const create: InviteCommand = {
  type: 'CreateInvite', invite_id: 'i1', key: '0123456789ab', inviter_id: 'owner', access_request_id: null, outstanding: 1, limit: 2,
};
const created: InviteEvent = { type: 'InviteCreated', data: { invite_id: 'i1', key: '0123456789ab', inviter_id: 'owner', access_request_id: null } };
const redeemed: InviteEvent = { type: 'InviteRedeemed', data: { invite_id: 'i1', user_id: 'newcomer' } };
const deleted: InviteEvent = { type: 'InviteDeleted', data: { invite_id: 'i1' } };

describe('invite decider', () => {
  it('creates an invite while used plus pending stay below the limit', () => {
    given([]).when(create).then([created]);
  });

  it('blocks creation when used plus pending reach the limit', () => {
    given([]).when({ ...create, outstanding: 2 }).thenFails(InviteErrors.limitReached);
  });

  it('lets an admin invite an access request without a limit', () => {
    given([]).when({ ...create, access_request_id: 'r1', outstanding: 99, limit: null })
      .then([{ ...created, data: { ...created.data, access_request_id: 'r1' } }]);
  });

  it('is redeemed once; a used, deleted or unknown invite is invalid', () => {
    const redeem: InviteCommand = { type: 'RedeemInvite', user_id: 'newcomer' };
    given([created]).when(redeem).then([redeemed]);
    given([created, redeemed]).when(redeem).thenFails(InviteErrors.invalid);
    given([created, deleted]).when(redeem).thenFails(InviteErrors.invalid);
    given([]).when(redeem).thenFails(InviteErrors.invalid);
  });

  it('is deleted only by its owner and only while unused', () => {
    given([created]).when({ type: 'DeleteInvite', actor_id: 'owner' }).then([deleted]);
    given([created, redeemed]).when({ type: 'DeleteInvite', actor_id: 'owner' }).thenFails(InviteErrors.usedCannotDelete);
  });

  it("answers someone else's invite exactly like a missing one", () => {
    given([created]).when({ type: 'DeleteInvite', actor_id: 'stranger' }).thenFails(InviteErrors.notFound);
    given([created, redeemed]).when({ type: 'DeleteInvite', actor_id: 'stranger' }).thenFails(InviteErrors.notFound);
    given([created, deleted]).when({ type: 'DeleteInvite', actor_id: 'owner' }).thenFails(InviteErrors.notFound);
    given([]).when({ type: 'DeleteInvite', actor_id: 'owner' }).thenFails(InviteErrors.notFound);
  });
});
