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

  it('declines a pending request once; a declined one can still be invited, an invited one not declined', () => {
    const decline = { type: 'DeclineRequester', admin_id: 'a1' } as const;
    const declined: AccessRequestEvent = { type: 'AccessRequestDeclined', data: { request_id: 'r1', admin_id: 'a1' } };
    given([requested]).when(decline).then([declined]);
    given([requested, declined]).when(decline).thenFails(AccessRequestErrors.alreadyDeclined);
    given([requested, invited]).when(decline).thenFails(AccessRequestErrors.alreadyInvited);
    given([]).when(decline).thenFails(AccessRequestErrors.notFound);
    given([requested, declined]).when({ type: 'InviteRequester', invite_id: 'i1', admin_id: 'a1' }).then([invited]);
  });
});
