import type { AccessRequestEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type AccessRequestCommand =
  | { type: 'RequestAccess'; request_id: string; email: string; url: string; message: string | null }
  | { type: 'InviteRequester'; invite_id: string; admin_id: string }
  | { type: 'DeclineRequester'; admin_id: string };

export type AccessRequestState =
  | { status: 'none' }
  | { status: 'pending'; request_id: string }
  | { status: 'invited'; request_id: string; invite_id: string }
  | { status: 'declined'; request_id: string };

export const AccessRequestErrors = {
  exists: 'access_request_exists',
  notFound: 'access_request_not_found',
  alreadyInvited: 'access_request_already_invited',
  alreadyDeclined: 'access_request_already_declined',
} as const;
export type AccessRequestErrorCode = (typeof AccessRequestErrors)[keyof typeof AccessRequestErrors];

export const accessRequestDecider: Decider<AccessRequestCommand, AccessRequestEvent, AccessRequestState, AccessRequestErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'RequestAccess':
        if (state.status !== 'none') return new DomainError(AccessRequestErrors.exists, 'Access request already exists');
        return [{
          type: 'AccessRequested',
          data: { request_id: command.request_id, email: command.email.toLowerCase(), url: command.url, message: command.message },
        }];
      case 'InviteRequester':
        if (state.status === 'none') return new DomainError(AccessRequestErrors.notFound, 'Access request not found');
        if (state.status === 'invited') return new DomainError(AccessRequestErrors.alreadyInvited, 'This request has already been invited');
        // A declined request can still be invited: an admin may change their mind.
        return [{ type: 'AccessRequestInvited', data: { request_id: state.request_id, invite_id: command.invite_id, admin_id: command.admin_id } }];
      case 'DeclineRequester':
        if (state.status === 'none') return new DomainError(AccessRequestErrors.notFound, 'Access request not found');
        if (state.status === 'invited') return new DomainError(AccessRequestErrors.alreadyInvited, 'This request has already been invited');
        if (state.status === 'declined') return new DomainError(AccessRequestErrors.alreadyDeclined, 'This request has already been declined');
        return [{ type: 'AccessRequestDeclined', data: { request_id: state.request_id, admin_id: command.admin_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AccessRequested':
        return { status: 'pending', request_id: event.data.request_id };
      case 'AccessRequestInvited':
        return { status: 'invited', request_id: event.data.request_id, invite_id: event.data.invite_id };
      case 'AccessRequestDeclined':
        return { status: 'declined', request_id: event.data.request_id };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
