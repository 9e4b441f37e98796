import type { AccessRequestEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { projectionSpec, type SpecEvent } from '../../kit/spec-helpers';
import { accessRequestsProjection } from './access-requests.projection';

const given = projectionSpec(accessRequestsProjection);

const FIRST = '00000000-0000-4000-8000-000000000201';
const SECOND = '00000000-0000-4000-8000-000000000202';
const INVITE = '00000000-0000-4000-8000-000000000101';
const on = (id: string, event: AccessRequestEvent, recordedAt?: Date): SpecEvent => ({ stream_id: `accessrequest-${id}`, recorded_at: recordedAt, ...event });
const requested = (id: string, email: string, message: string | null) =>
  on(id, { type: 'AccessRequested', data: { request_id: id, email, url: 'https://example.com/me', message } }, new Date('2026-05-01T12:00:00Z'));

describe('access requests projection', () => {
  it('adds each request to the waitlist, pending, with its message or none', async () => {
    await given(requested(FIRST, 'a@example.com', 'let me in'), requested(SECOND, 'b@example.com', null)).then('access_requests', [
      { id: FIRST, email: 'a@example.com', url: 'https://example.com/me', message: 'let me in', created_at: new Date('2026-05-01T12:00:00Z'), invite_id: null },
      { id: SECOND, email: 'b@example.com', message: null, invite_id: null },
    ]);
  });

  it('links the invite an admin answered one request with, and leaves the other pending', async () => {
    await given(
      requested(FIRST, 'a@example.com', null),
      requested(SECOND, 'b@example.com', null),
      on(FIRST, { type: 'AccessRequestInvited', data: { request_id: FIRST, invite_id: INVITE, admin_id: 'admin' } }),
    ).then('access_requests', [{ id: FIRST, invite_id: INVITE }, { id: SECOND, invite_id: null }]);
  });
});
