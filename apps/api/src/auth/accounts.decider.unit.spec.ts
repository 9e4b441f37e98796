import type { AccountEvent } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, given } from '../common/decider';
import { AccountErrors, accountDecider, type AccountCommand } from './accounts.decider';

const register: AccountCommand = {
  type: 'RegisterAccount', user_id: 'u1', email: 'Nova@Example.com', username: 'Nova', password_hash: 'h1',
  role: 'member', invite_id: 'i1', pre_verified: false,
};
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { user_id: 'u1', email: 'nova@example.com', username: 'Nova', slug: 'nova', password_hash: 'h1', role: 'member', tier: 'free', invite_id: 'i1' },
};
const verified: AccountEvent = { type: 'AccountVerified', data: { user_id: 'u1' } };
const errorCode = (result: unknown) => (result instanceof DomainError ? result.code : result);

describe('account decider', () => {
  it('registers a new member on the free tier with a lowercase email and slug, unverified', () => {
    expect(given(accountDecider, []).when(register)).toEqual([registered]);
  });

  it('registers a bootstrap admin already verified, on the admin tier', () => {
    const result = given(accountDecider, []).when({ ...register, role: 'admin', invite_id: null, pre_verified: true });
    expect(result).toEqual([
      { type: 'AccountRegistered', data: { ...registered.data, role: 'admin', tier: 'admin', invite_id: null } },
      verified,
    ]);
  });

  it('refuses to register the same account twice', () => {
    expect(errorCode(given(accountDecider, [registered]).when(register))).toBe(AccountErrors.exists);
  });

  it('verifies once; a second verification changes nothing', () => {
    expect(given(accountDecider, [registered]).when({ type: 'VerifyAccount' })).toEqual([verified]);
    expect(given(accountDecider, [registered, verified]).when({ type: 'VerifyAccount' })).toEqual([]);
  });

  it('changes the password of an existing account only', () => {
    const change: AccountCommand = { type: 'ChangePassword', password_hash: 'h2', reason: 'reset' };
    expect(given(accountDecider, [registered]).when(change)).toEqual([
      { type: 'PasswordChanged', data: { user_id: 'u1', password_hash: 'h2', reason: 'reset' } },
    ]);
    expect(errorCode(given(accountDecider, []).when(change))).toBe(AccountErrors.missing);
  });

  it('makes a member admin (admin tier) once', () => {
    const promoted: AccountEvent = { type: 'AccountRoleChanged', data: { user_id: 'u1', role: 'admin', tier: 'admin' } };
    expect(given(accountDecider, [registered]).when({ type: 'MakeAdmin' })).toEqual([promoted]);
    expect(given(accountDecider, [registered, promoted]).when({ type: 'MakeAdmin' })).toEqual([]);
  });

  it('folds the latest password hash into the state', () => {
    const state = [registered, verified, { type: 'PasswordChanged', data: { user_id: 'u1', password_hash: 'h9', reason: 'reset' } } as AccountEvent]
      .reduce(accountDecider.evolve, accountDecider.initialState());
    expect(state).toEqual({ status: 'registered', user_id: 'u1', role: 'member', verified: true, password_hash: 'h9' });
  });
});
