import type { AccessRequestEvent } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, given } from '../common/decider';
import { AccessRequestErrors, accessRequestDecider } from './access-requests.decider';

const requested: AccessRequestEvent = {
  type: 'AccessRequested', data: { request_id: 'r1', email: 'nova@example.com', url: 'https://nova.example/', message: null },
};
const invited: AccessRequestEvent = { type: 'AccessRequestInvited', data: { request_id: 'r1', invite_id: 'i1', admin_id: 'a1' } };
const errorCode = (result: unknown) => (result instanceof DomainError ? result.code : result);

describe('access request decider', () => {
  it('records a request with a lowercase email', () => {
    expect(given(accessRequestDecider, []).when({ type: 'RequestAccess', request_id: 'r1', email: 'Nova@Example.com', url: 'https://nova.example/', message: null }))
      .toEqual([requested]);
  });

  it('invites a pending requester once', () => {
    const invite = { type: 'InviteRequester', invite_id: 'i1', admin_id: 'a1' } as const;
    expect(given(accessRequestDecider, [requested]).when(invite)).toEqual([invited]);
    expect(errorCode(given(accessRequestDecider, [requested, invited]).when(invite))).toBe(AccessRequestErrors.alreadyInvited);
    expect(errorCode(given(accessRequestDecider, []).when(invite))).toBe(AccessRequestErrors.notFound);
  });
});
