import { describe, it } from 'vitest';
import { projectionSpec, type SpecEvent } from '../../kit/spec-helpers';
import { contactMessagesProjection } from './contact-messages.projection';

const given = projectionSpec(contactMessagesProjection);

const MEMBER = '00000000-0000-4000-8000-00000000000a';
const [FIRST, SECOND] = ['1', '2'].map((n) => `00000000-0000-4000-9000-00000000000${n}`) as [string, string];
const sent = (contact_id: string, message: string, at: string): SpecEvent => ({
  type: 'ContactMessageSent',
  data: { contact_id, user_id: MEMBER, contact_type: 'support', email: 'nova@example.com', username: 'nova', message },
  recorded_at: new Date(at),
});
const read = (contact_id: string, at: string): SpecEvent => ({ type: 'ContactMessageRead', data: { contact_id }, recorded_at: new Date(at) });

describe('contact messages projection', () => {
  it('keeps each message as its member wrote it, unread, at the time it was sent', async () => {
    await given(sent(FIRST, 'the upload stalls at 99%', '2026-03-01T10:00:00Z'), sent(SECOND, '<b>love it</b>', '2026-03-02T10:00:00Z'))
      .then('contact_messages', [
        { id: FIRST, user_id: MEMBER, contact_type: 'support', email: 'nova@example.com', username: 'nova', message: 'the upload stalls at 99%', created_at: new Date('2026-03-01T10:00:00Z'), read_at: null },
        { id: SECOND, message: '<b>love it</b>', read_at: null },
      ]);
  });

  it('marks a message read when an admin read it, and only that one', async () => {
    await given(sent(FIRST, 'one', '2026-03-01T10:00:00Z'), sent(SECOND, 'two', '2026-03-01T11:00:00Z'), read(FIRST, '2026-03-03T09:00:00Z'))
      .then('contact_messages', [
        { id: FIRST, read_at: new Date('2026-03-03T09:00:00Z') },
        { id: SECOND, read_at: null },
      ]);
  });
});
