import { describe, expect, it } from 'vitest';
import { redactPayload } from './redaction';
import { EVENT_SCHEMAS } from './schemas';
import { REDACTED } from './types';

describe('secret fields of event payloads', () => {
  it('replaces the marked fields and keeps the rest', () => {
    const data = { user_id: 'u1', email: 'a@b.co', password_hash: '$argon2id$v=19$m=19456,t=2,p=1$abc' };
    expect(redactPayload(EVENT_SCHEMAS, 'AccountRegistered', data)).toEqual({ user_id: 'u1', email: 'a@b.co', password_hash: REDACTED });
    expect(redactPayload(EVENT_SCHEMAS, 'InviteCreated', { invite_id: 'i1', key: '0123456789ab' })).toEqual({ invite_id: 'i1', key: REDACTED });
    expect(data.password_hash).toMatch(/^\$argon2id/);
  });

  it('leaves payloads without secrets, and unknown types, as they are', () => {
    const played = { track_id: 1, user_id: 'u1' };
    expect(redactPayload(EVENT_SCHEMAS, 'TrackPlayed', played)).toBe(played);
    expect(redactPayload(EVENT_SCHEMAS, 'SomethingElse', { key: 'k' })).toEqual({ key: 'k' });
    expect(redactPayload(EVENT_SCHEMAS, 'AccountRegistered', { i: 1 })).toEqual({ i: 1 });
  });
});
