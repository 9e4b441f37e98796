import type { ContactEvent, ContactType } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type ContactCommand =
  | { type: 'SendContactMessage'; contact_id: string; user_id: string; contact_type: ContactType; email: string; username: string; message: string }
  | { type: 'MarkContactMessageRead'; admin_id: string };
export type ContactState = { status: 'none' } | { status: 'sent'; contact_id: string; read: boolean };

export const ContactErrors = { exists: 'contact_exists', notFound: 'contact_not_found' } as const;
export type ContactErrorCode = (typeof ContactErrors)[keyof typeof ContactErrors];

/** A contact message is its own stream: written once, then read by an admin (once is enough). */
export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState, ContactErrorCode> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'SendContactMessage': {
        if (state.status !== 'none') return new DomainError(ContactErrors.exists, 'Contact message already sent');
        const { contact_id, user_id, contact_type, email, username, message } = command;
        return [{ type: 'ContactMessageSent', data: { contact_id, user_id, contact_type, email: email.toLowerCase(), username, message } }];
      }
      case 'MarkContactMessageRead':
        if (state.status === 'none') return new DomainError(ContactErrors.notFound, 'Contact message not found');
        return state.read ? [] : [{ type: 'ContactMessageRead', data: { contact_id: state.contact_id, admin_id: command.admin_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ContactMessageSent':
        return { status: 'sent', contact_id: event.data.contact_id, read: false };
      case 'ContactMessageRead':
        return state.status === 'sent' ? { ...state, read: true } : state;
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
