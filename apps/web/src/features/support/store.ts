import { CONTACT_MSG, contactFailureText, contactMessageError, type ContactType } from '@stardeck/contracts/browser';
import { proxy, useSnapshot } from 'valtio';
import { showToast } from '../../lib/toasts/store';
import { sendContact } from './api/send-contact';

export interface ContactForm {
  contact_type: ContactType;
  email: string;
  username: string;
  message: string;
  authorised: boolean;
}

export interface SupportState {
  sending: boolean;
  /** The form's error, in the words of spec §5 and §8. */
  error: string | null;
  sent: boolean;
}

export const support = proxy<SupportState>({ sending: false, error: null, sent: false });

/** Why the form cannot be sent yet (spec §5), or null. */
export function contactFormError(form: ContactForm, signedIn: boolean): string | null {
  if (!signedIn) return CONTACT_MSG.loginRequired;
  const message = contactMessageError(form.message);
  if (message) return message;
  if (!form.authorised) return CONTACT_MSG.authorisationRequired;
  return null;
}

/** Sends the contact form once; a failure is the spec §8 text for its status. */
export async function submitContact(form: ContactForm, signedIn: boolean): Promise<boolean> {
  if (support.sending) return false;
  const refused = contactFormError(form, signedIn);
  if (refused) {
    support.error = refused;
    return false;
  }
  support.sending = true;
  support.error = null;
  try {
    const result = await sendContact({ contact_type: form.contact_type, email: form.email.trim(), username: form.username, message: form.message.trim() });
    if (!result.ok) {
      const status = result.failure.kind === 'http' ? result.failure.status : result.failure.status;
      const description = result.failure.kind === 'http' ? result.failure.envelope.msg?.description : null;
      support.error = contactFailureText(status, description);
      return false;
    }
    support.sent = true;
    showToast({ kind: 'success', title: 'Contact', description: result.envelope.data?.message ?? CONTACT_MSG.sent });
    return true;
  } finally {
    support.sending = false;
  }
}

export function clearContactError(): void {
  support.error = null;
}

export const useSupport = () => useSnapshot(support);

export function reset(): void {
  support.sending = false;
  support.error = null;
  support.sent = false;
}
