import type { InviteEvent } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, given } from '../common/decider';
import { InviteErrors, inviteDecider, type InviteCommand } from './invites.decider';

const create: InviteCommand = {
  type: 'CreateInvite', invite_id: 'i1', key: '0123456789ab', inviter_id: 'owner', access_request_id: null, outstanding: 1, limit: 2,
};
const created: InviteEvent = { type: 'InviteCreated', data: { invite_id: 'i1', key: '0123456789ab', inviter_id: 'owner', access_request_id: null } };
const redeemed: InviteEvent = { type: 'InviteRedeemed', data: { invite_id: 'i1', user_id: 'newcomer' } };
const deleted: InviteEvent = { type: 'InviteDeleted', data: { invite_id: 'i1' } };
const errorCode = (result: unknown) => (result instanceof DomainError ? result.code : result);

describe('invite decider', () => {
  it('creates an invite while used plus pending stay below the limit', () => {
    expect(given(inviteDecider, []).when(create)).toEqual([created]);
  });

  it('blocks creation when used plus pending reach the limit', () => {
    expect(errorCode(given(inviteDecider, []).when({ ...create, outstanding: 2 }))).toBe(InviteErrors.limitReached);
  });

  it('lets an admin invite an access request without a limit', () => {
    const result = given(inviteDecider, []).when({ ...create, access_request_id: 'r1', outstanding: 99, limit: null });
    expect(result).toEqual([{ ...created, data: { ...created.data, access_request_id: 'r1' } }]);
  });

  it('is redeemed once; a used, deleted or unknown invite is invalid', () => {
    const redeem: InviteCommand = { type: 'RedeemInvite', user_id: 'newcomer' };
    expect(given(inviteDecider, [created]).when(redeem)).toEqual([redeemed]);
    expect(errorCode(given(inviteDecider, [created, redeemed]).when(redeem))).toBe(InviteErrors.invalid);
    expect(errorCode(given(inviteDecider, [created, deleted]).when(redeem))).toBe(InviteErrors.invalid);
    expect(errorCode(given(inviteDecider, []).when(redeem))).toBe(InviteErrors.invalid);
  });

  it('is deleted only by its owner and only while unused', () => {
    expect(given(inviteDecider, [created]).when({ type: 'DeleteInvite', actor_id: 'owner' })).toEqual([deleted]);
    expect(errorCode(given(inviteDecider, [created, redeemed]).when({ type: 'DeleteInvite', actor_id: 'owner' }))).toBe(InviteErrors.usedCannotDelete);
  });

  it("answers someone else's invite exactly like a missing one", () => {
    expect(errorCode(given(inviteDecider, [created]).when({ type: 'DeleteInvite', actor_id: 'stranger' }))).toBe(InviteErrors.notFound);
    expect(errorCode(given(inviteDecider, [created, redeemed]).when({ type: 'DeleteInvite', actor_id: 'stranger' }))).toBe(InviteErrors.notFound);
    expect(errorCode(given(inviteDecider, [created, deleted]).when({ type: 'DeleteInvite', actor_id: 'owner' }))).toBe(InviteErrors.notFound);
    expect(errorCode(given(inviteDecider, []).when({ type: 'DeleteInvite', actor_id: 'owner' }))).toBe(InviteErrors.notFound);
  });
});
