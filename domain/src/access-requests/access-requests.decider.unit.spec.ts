import type { AccessRequestEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { AccessRequestErrors, accessRequestDecider } from './access-requests.decider';

const given = deciderSpec(accessRequestDecider);

const requested: AccessRequestEvent = {
  type: 'AccessRequested', data: { request_id: 'r1', email: 'nova@example.com', url: 'https://nova.example/', message: null },
};
const invited: AccessRequestEvent = { type: 'AccessRequestInvited', data: { request_id: 'r1', invite_id: 'i1', admin_id: 'a1' } };

describe('access request decider', () => {
  it('records a request with a lowercase email', () => {
    given([]).when({ type: 'RequestAccess', request_id: 'r1', email: 'Nova@Example.com', url: 'https://nova.example/', message: null }).then([requested]);
  });

  it('invites a pending requester once', () => {
    const invite = { type: 'InviteRequester', invite_id: 'i1', admin_id: 'a1' } as const;
    given([requested]).when(invite).then([invited]);
    given([requested, invited]).when(invite).thenFails(AccessRequestErrors.alreadyInvited);
    given([]).when(invite).thenFails(AccessRequestErrors.notFound);
  });
});
