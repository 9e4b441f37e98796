import type { ContactEvent, ContactType } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type ContactCommand = {
  type: 'SendContactMessage'; contact_id: string; user_id: string; contact_type: ContactType; email: string; username: string; message: string;
};
export type ContactState = { status: 'none' } | { status: 'sent' };

export const ContactErrors = { exists: 'contact_exists' } as const;
export type ContactErrorCode = (typeof ContactErrors)[keyof typeof ContactErrors];

/** A contact message is its own stream, written once. */
export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState, ContactErrorCode> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    if (state.status !== 'none') return new DomainError(ContactErrors.exists, 'Contact message already sent');
    const { contact_id, user_id, contact_type, email, username, message } = command;
    return [{ type: 'ContactMessageSent', data: { contact_id, user_id, contact_type, email: email.toLowerCase(), username, message } }];
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'ContactMessageSent':
        return { status: 'sent' };
      default: {
        const unknown: never = event.type;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
