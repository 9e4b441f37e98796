import type { AccountEvent } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { AccountErrors, accountDecider, type AccountCommand } from './accounts.decider';

const given = deciderSpec(accountDecider);

const register: AccountCommand = {
  type: 'RegisterAccount', user_id: 'u1', email: 'Nova@Example.com', username: 'Nova', password_hash: 'h1',
  role: 'member', invite_id: 'i1', pre_verified: false,
};
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { user_id: 'u1', email: 'nova@example.com', username: 'Nova', slug: 'nova', password_hash: 'h1', role: 'member', tier: 'free', invite_id: 'i1' },
};
const verified: AccountEvent = { type: 'AccountVerified', data: { user_id: 'u1' } };

describe('account decider', () => {
  it('registers a new member on the free tier with a lowercase email and slug, unverified', () => {
    given([]).when(register).then([registered]);
  });

  it('registers a bootstrap admin already verified, on the admin tier', () => {
    given([]).when({ ...register, role: 'admin', invite_id: null, pre_verified: true }).then([
      { type: 'AccountRegistered', data: { ...registered.data, role: 'admin', tier: 'admin', invite_id: null } },
      verified,
    ]);
  });

  it('refuses to register the same account twice', () => {
    given([registered]).when(register).thenFails(AccountErrors.exists);
  });

  it('verifies once; a second verification changes nothing', () => {
    given([registered]).when({ type: 'VerifyAccount' }).then([verified]);
    given([registered, verified]).when({ type: 'VerifyAccount' }).thenNothing();
  });

  it('changes the password of an existing account only', () => {
    const change: AccountCommand = { type: 'ChangePassword', password_hash: 'h2', reason: 'reset' };
    given([registered]).when(change).then([
      { type: 'PasswordChanged', data: { user_id: 'u1', password_hash: 'h2', reason: 'reset' } },
    ]);
    given([]).when(change).thenFails(AccountErrors.missing);
  });

  it('asks for an email change without changing anything, and changes the address only once it is confirmed', () => {
    const requested: AccountEvent = { type: 'EmailChangeRequested', data: { user_id: 'u1', email: 'vega@example.com' } };
    const changed: AccountEvent = { type: 'EmailChanged', data: { user_id: 'u1', email: 'vega@example.com', previous_email: 'nova@example.com' } };
    given([registered]).when({ type: 'RequestEmailChange', email: 'Vega@Example.com' }).then([requested]);
    given([registered]).when({ type: 'RequestEmailChange', email: 'NOVA@example.com' }).thenFails(AccountErrors.emailUnchanged);
    given([registered, requested]).when({ type: 'ChangeEmail', email: 'vega@example.com' }).then([changed]);
    // A second link to the same address, opened later, changes nothing; the next change starts from the new address.
    given([registered, requested, changed]).when({ type: 'ChangeEmail', email: 'vega@example.com' }).thenNothing();
    given([registered, requested, changed]).when({ type: 'RequestEmailChange', email: 'nova@example.com' }).then([
      { type: 'EmailChangeRequested', data: { user_id: 'u1', email: 'nova@example.com' } },
    ]);
    given([]).when({ type: 'RequestEmailChange', email: 'x@example.com' }).thenFails(AccountErrors.missing);
  });

  it('makes a member admin (admin tier) once', () => {
    const promoted: AccountEvent = { type: 'AccountRoleChanged', data: { user_id: 'u1', role: 'admin', tier: 'admin' } };
    given([registered]).when({ type: 'MakeAdmin' }).then([promoted]);
    given([registered, promoted]).when({ type: 'MakeAdmin' }).thenNothing();
  });

  it('asks for a verification link only while the account waits for verification', () => {
    const requested: AccountEvent = { type: 'VerificationRequested', data: { user_id: 'u1' } };
    given([registered]).when({ type: 'RequestVerification' }).then([requested]);
    given([registered, requested]).when({ type: 'RequestVerification' }).then([requested]);
    given([registered, verified]).when({ type: 'RequestVerification' }).thenNothing();
    given([]).when({ type: 'RequestVerification' }).thenFails(AccountErrors.missing);
  });

  it('asks for a password reset link for an existing account only', () => {
    given([registered, verified]).when({ type: 'RequestPasswordReset' }).then([{ type: 'PasswordResetRequested', data: { user_id: 'u1' } }]);
    given([]).when({ type: 'RequestPasswordReset' }).thenFails(AccountErrors.missing);
  });

  it('folds the latest password hash into the state', () => {
    const state = [registered, verified, { type: 'PasswordChanged', data: { user_id: 'u1', password_hash: 'h9', reason: 'reset' } } as AccountEvent]
      .reduce(accountDecider.evolve, accountDecider.initialState());
    expect(state).toEqual({
      status: 'registered', user_id: 'u1', role: 'member', tier: 'free', verified: true, password_hash: 'h9', email: 'nova@example.com',
    });
  });

  describe('tiers', () => {
    const toCore: AccountEvent = { type: 'MemberTierChanged', data: { user_id: 'u1', tier: 'core', previous: 'free', by: 'a1' } };

    it('moves a member to another tier, naming the previous one and the admin', () => {
      given([registered, verified]).when({ type: 'ChangeTier', tier: 'core', by: 'a1' }).then([toCore]);
      given([registered, toCore]).when({ type: 'ChangeTier', tier: 'premium', by: 'a2' }).then([
        { type: 'MemberTierChanged', data: { user_id: 'u1', tier: 'premium', previous: 'core', by: 'a2' } },
      ]);
    });

    it('changes nothing when the member is already on that tier', () => {
      given([registered, toCore]).when({ type: 'ChangeTier', tier: 'core', by: 'a1' }).thenNothing();
    });

    it("refuses to set an admin's tier, which follows the role, and an unknown account", () => {
      const promoted: AccountEvent = { type: 'AccountRoleChanged', data: { user_id: 'u1', role: 'admin', tier: 'admin' } };
      given([registered, promoted]).when({ type: 'ChangeTier', tier: 'premium', by: 'a1' }).thenFails(AccountErrors.tierFollowsRole);
      given([]).when({ type: 'ChangeTier', tier: 'core', by: 'a1' }).thenFails(AccountErrors.missing);
    });
  });

});
