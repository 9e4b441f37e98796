import type { ContactEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { ContactErrors, contactDecider } from './contact.decider';

const given = deciderSpec(contactDecider);

const sent: ContactEvent = {
  type: 'ContactMessageSent',
  data: { contact_id: 'c1', user_id: 'u1', contact_type: 'feedback', email: 'nova@example.com', username: 'nova', message: 'hello' },
};

describe('contact decider', () => {
  it('sends a message once, with a lowercase email', () => {
    given([]).when({ type: 'SendContactMessage', contact_id: 'c1', user_id: 'u1', contact_type: 'feedback', email: 'Nova@Example.com', username: 'nova', message: 'hello' }).then([sent]);
    given([sent]).when({ type: 'SendContactMessage', contact_id: 'c1', user_id: 'u1', contact_type: 'feedback', email: 'x@example.com', username: 'nova', message: 'again' }).thenFails(ContactErrors.exists);
  });

  it('records the first admin who reads it, and nothing for a second read', () => {
    const read: ContactEvent = { type: 'ContactMessageRead', data: { contact_id: 'c1', admin_id: 'a1' } };
    given([sent]).when({ type: 'MarkContactMessageRead', admin_id: 'a1' }).then([read]);
    given([sent, read]).when({ type: 'MarkContactMessageRead', admin_id: 'a2' }).then([]);
    given([]).when({ type: 'MarkContactMessageRead', admin_id: 'a1' }).thenFails(ContactErrors.notFound);
  });
});
