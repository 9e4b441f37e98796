import { describe, it } from 'vitest';
import { projectionSpec } from '../../kit/spec-helpers';
import { USER_A, USER_B, onUser, registered } from '../spec-events';
import { usersProjection } from './users.projection';

const given = projectionSpec(usersProjection);
const at = (iso: string) => new Date(iso);

const NOVA = USER_A;
const ORION = USER_B;
const on = onUser;

describe('users projection', () => {
  it('adds an unverified account on registration, created when it was recorded', async () => {
    await given({ ...registered(NOVA, 'Nova'), recorded_at: at('2026-03-01T10:00:00Z') }).then('users', [{
      id: NOVA, email: 'Nova@example.com', username: 'Nova', slug: 'nova', password_hash: 'hash-Nova', role: 'member', tier: 'free',
      verified_at: null, created_at: at('2026-03-01T10:00:00Z'), version: 1,
    }]);
  });

  it('verifies, changes the password, the role and the tier of that account only, following its stream version', async () => {
    await given(
      registered(NOVA, 'Nova'),
      registered(ORION, 'Orion'),
      on(NOVA, 2, { type: 'AccountVerified', data: { user_id: NOVA } }, at('2026-03-02T08:00:00Z')),
      on(NOVA, 3, { type: 'PasswordChanged', data: { user_id: NOVA, password_hash: 'hash-2', reason: 'reset' } }),
      on(NOVA, 4, { type: 'MemberTierChanged', data: { user_id: NOVA, tier: 'premium', previous: 'free', by: ORION } }),
      on(ORION, 2, { type: 'AccountRoleChanged', data: { user_id: ORION, role: 'admin', tier: 'admin' } }),
    ).then('users', [
      { username: 'Nova', verified_at: at('2026-03-02T08:00:00Z'), password_hash: 'hash-2', role: 'member', tier: 'premium', version: 4 },
      { username: 'Orion', verified_at: null, password_hash: 'hash-Orion', role: 'admin', tier: 'admin', version: 2 },
    ], 'username');
  });

});
