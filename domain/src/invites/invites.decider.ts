import type { InviteEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type InviteCommand =
  | {
      type: 'CreateInvite';
      invite_id: string;
      key: string;
      inviter_id: string;
      access_request_id: string | null;
      /** Used plus pending invites the inviter holds now, and the tier's limit; null when no limit applies. */
      outstanding: number;
      limit: number | null;
    }
  /** `user_id` null: spent on a sign-up whose address already had an account, so nobody joined with it. */
  | { type: 'RedeemInvite'; user_id: string | null }
  | { type: 'DeleteInvite'; actor_id: string };

export type InviteState =
  | { status: 'none' }
  | { status: 'pending' | 'used' | 'deleted'; invite_id: string; inviter_id: string };

export const InviteErrors = {
  exists: 'invite_exists',
  limitReached: 'invite_limit_reached',
  invalid: 'invite_invalid',
  notFound: 'invite_not_found',
  usedCannotDelete: 'invite_used_cannot_delete',
} as const;
export type InviteErrorCode = (typeof InviteErrors)[keyof typeof InviteErrors];

export const inviteDecider: Decider<InviteCommand, InviteEvent, InviteState, InviteErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateInvite':
        if (state.status !== 'none') return new DomainError(InviteErrors.exists, 'Invite already exists');
        if (command.limit !== null && command.outstanding >= command.limit) {
          return new DomainError(InviteErrors.limitReached, `Invite limit reached (${command.outstanding} of ${command.limit})`);
        }
        return [{
          type: 'InviteCreated',
          data: { invite_id: command.invite_id, key: command.key, inviter_id: command.inviter_id, access_request_id: command.access_request_id },
        }];
      case 'RedeemInvite':
        if (state.status !== 'pending') return new DomainError(InviteErrors.invalid, 'Invite is invalid or already used');
        return [{ type: 'InviteRedeemed', data: { invite_id: state.invite_id, user_id: command.user_id } }];
      case 'DeleteInvite':
        // Someone else's invite answers exactly like a missing one, so ids cannot be probed.
        if (state.status === 'none' || state.status === 'deleted' || state.inviter_id !== command.actor_id) {
          return new DomainError(InviteErrors.notFound, 'Invite not found');
        }
        if (state.status === 'used') return new DomainError(InviteErrors.usedCannotDelete, 'Used invites cannot be deleted');
        return [{ type: 'InviteDeleted', data: { invite_id: state.invite_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'InviteCreated':
        return { status: 'pending', invite_id: event.data.invite_id, inviter_id: event.data.inviter_id };
      case 'InviteRedeemed':
        return state.status === 'none' ? state : { ...state, status: 'used' };
      case 'InviteDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
