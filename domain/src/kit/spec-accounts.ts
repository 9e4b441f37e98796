import type { SpecEvent } from './spec-helpers';

/** Member ids for projection specs, and the AccountRegistered events that make them exist. */
export const SPEC_MEMBERS = {
  owner: '00000000-0000-4000-8000-0000000000a1',
  fan: '00000000-0000-4000-8000-0000000000a2',
  other: '00000000-0000-4000-8000-0000000000a3',
} as const;

export function registered(userId: string): SpecEvent {
  const name = `m${userId.slice(-4)}`;
  return {
    type: 'AccountRegistered',
    data: { user_id: userId, email: `${name}@example.com`, username: name, slug: name, password_hash: 'x', role: 'member', tier: 'free', invite_id: null },
  };
}

export const everyoneRegistered = (): SpecEvent[] => Object.values(SPEC_MEMBERS).map(registered);
