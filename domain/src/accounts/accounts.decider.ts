import type { AccountEvent, MemberTier } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type AccountCommand =
  | {
      type: 'RegisterAccount';
      user_id: string;
      email: string;
      username: string;
      password_hash: string;
      role: 'member' | 'admin';
      invite_id: string | null;
      /** The admin bootstrap creates accounts that need no mailed verification. */
      pre_verified: boolean;
    }
  | { type: 'VerifyAccount' }
  | { type: 'ChangePassword'; password_hash: string; reason: 'reset' | 'admin_bootstrap' | 'change' }
  /** Asks for a confirmation mail to `email`; the address changes only when it is confirmed. */
  | { type: 'RequestEmailChange'; email: string }
  /** The confirmation link of a RequestEmailChange was opened. */
  | { type: 'ChangeEmail'; email: string }
  | { type: 'MakeAdmin' }
  /** A new verification link; an account already verified needs none. */
  | { type: 'RequestVerification' }
  | { type: 'RequestPasswordReset' }
  /** Someone signed up with this account's address: its owner is told, and nothing else changes. */
  | { type: 'NoteRegistrationAttempt' }
  /** `by` is the admin who decided it. */
  | { type: 'ChangeTier'; tier: MemberTier; by: string };

export type AccountState =
  | { status: 'none' }
  | {
      status: 'registered';
      user_id: string;
      role: 'member' | 'admin';
      tier: string;
      verified: boolean;
      password_hash: string;
      email: string;
    };

export const AccountErrors = {
  exists: 'account_exists',
  missing: 'account_missing',
  tierFollowsRole: 'tier_follows_role',
  emailUnchanged: 'email_unchanged',
} as const;
export type AccountErrorCode = (typeof AccountErrors)[keyof typeof AccountErrors];

/** The tier an account starts on: admins get every feature, members start free (payments change it later). */
export function tierForRole(role: 'member' | 'admin'): string {
  return role === 'admin' ? 'admin' : 'free';
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState, AccountErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    if (command.type === 'RegisterAccount') {
      if (state.status !== 'none') return new DomainError(AccountErrors.exists, 'Account already exists');
      const registered: AccountEvent = {
        type: 'AccountRegistered',
        data: {
          user_id: command.user_id,
          email: command.email.toLowerCase(),
          username: command.username,
          slug: command.username.toLowerCase(),
          password_hash: command.password_hash,
          role: command.role,
          tier: tierForRole(command.role),
          invite_id: command.invite_id,
        },
      };
      return command.pre_verified ? [registered, { type: 'AccountVerified', data: { user_id: command.user_id } }] : [registered];
    }
    if (state.status === 'none') return new DomainError(AccountErrors.missing, 'Account does not exist');
    switch (command.type) {
      case 'VerifyAccount':
        // A second valid link for an already verified account changes nothing.
        return state.verified ? [] : [{ type: 'AccountVerified', data: { user_id: state.user_id } }];
      case 'ChangePassword':
        return [{ type: 'PasswordChanged', data: { user_id: state.user_id, password_hash: command.password_hash, reason: command.reason } }];
      case 'RequestEmailChange':
        if (command.email.toLowerCase() === state.email) return new DomainError(AccountErrors.emailUnchanged, 'This is already the account\'s email');
        return [{ type: 'EmailChangeRequested', data: { user_id: state.user_id, email: command.email.toLowerCase() } }];
      case 'ChangeEmail':
        // A second link for the same address, opened after the first, changes nothing.
        return command.email.toLowerCase() === state.email
          ? []
          : [{ type: 'EmailChanged', data: { user_id: state.user_id, email: command.email.toLowerCase(), previous_email: state.email } }];
      case 'MakeAdmin':
        return state.role === 'admin'
          ? []
          : [{ type: 'AccountRoleChanged', data: { user_id: state.user_id, role: 'admin', tier: tierForRole('admin') } }];
      case 'RequestVerification':
        return state.verified ? [] : [{ type: 'VerificationRequested', data: { user_id: state.user_id } }];
      case 'RequestPasswordReset':
        return [{ type: 'PasswordResetRequested', data: { user_id: state.user_id } }];
      case 'NoteRegistrationAttempt':
        return [{ type: 'RegistrationAttempted', data: { user_id: state.user_id } }];
      case 'ChangeTier':
        if (state.role === 'admin') return new DomainError(AccountErrors.tierFollowsRole, "An admin's tier follows the admin role");
        return state.tier === command.tier
          ? []
          : [{ type: 'MemberTierChanged', data: { user_id: state.user_id, tier: command.tier, previous: state.tier, by: command.by } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AccountRegistered':
        return {
          status: 'registered', user_id: event.data.user_id, role: event.data.role, tier: event.data.tier, verified: false,
          password_hash: event.data.password_hash, email: event.data.email,
        };
      case 'EmailChanged':
        return state.status === 'registered' ? { ...state, email: event.data.email } : state;
      case 'AccountVerified':
        return state.status === 'registered' ? { ...state, verified: true } : state;
      case 'PasswordChanged':
        return state.status === 'registered' ? { ...state, password_hash: event.data.password_hash } : state;
      case 'AccountRoleChanged':
        return state.status === 'registered' ? { ...state, role: event.data.role, tier: event.data.tier } : state;
      case 'MemberTierChanged':
        return state.status === 'registered' ? { ...state, tier: event.data.tier } : state;
      // Requests for mail change nothing the account decides on.
      case 'VerificationRequested':
      case 'PasswordResetRequested':
      case 'EmailChangeRequested':
      case 'RegistrationAttempted':
        return state;
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
