import type { ContactMessageSent } from '@stardeck/contracts';
import type { MailMessage } from '@stardeck/infra';

/** A link into the web client at the address people use (PUBLIC_URL). */
export function linkTo(publicUrl: string, path: string, query: Record<string, string>): string {
  return `${publicUrl}${path}?${new URLSearchParams(query).toString()}`;
}

export function verificationMail(to: string, link: string): MailMessage {
  return { to, subject: 'Verify your stardeck account', text: `Welcome aboard. Verify your account within 48 hours:\n\n${link}\n`, link };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to, subject: 'Reset your stardeck password',
    text: `Someone asked to reset the password of this account. The link works once, for one hour:\n\n${link}\n\nIf it was not you, ignore this mail.`,
    link,
  };
}

export function emailChangeMail(to: string, link: string): MailMessage {
  return {
    to, subject: 'Confirm your new stardeck email',
    text: `Someone asked to use this address for their stardeck account. Open this link within 24 hours to confirm it:\n\n${link}\n\nUntil then nothing changes. If it was not you, ignore this mail.`,
    link,
  };
}

/** The new address already has an account: its owner is told, and nothing else happens. */
export function emailAlreadyUsedMail(to: string): MailMessage {
  return {
    to, subject: 'Someone tried to use your email on stardeck',
    text: 'Someone asked to move another stardeck account to this address, which already has an account. Nothing changed.\n\nIf it was you, sign in with this address instead. If not, you need do nothing.',
  };
}

/** Someone signed up with an address that already has an account: its owner is told, and nothing else happens. */
export function registrationAttemptMail(to: string): MailMessage {
  return {
    to, subject: 'Someone tried to register with your address on stardeck',
    text: 'Someone tried to create a new stardeck account with this address, which already has one. No account was created and nothing changed.\n\nIf it was you, sign in instead; if you forgot your password, reset it from the login window. If not, you need do nothing.',
  };
}

/** The old address learns where the account went. */
export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    to, subject: 'Your stardeck email was changed',
    text: `The email of your stardeck account is now ${newEmail}. Mail for the account goes there from now on.\n\nIf you did not do this, reset your password from the login window and contact support.`,
  };
}

export function inviteMail(to: string, link: string): MailMessage {
  return { to, subject: 'Your stardeck invite', text: `Your request was accepted. Create your account here:\n\n${link}\n`, link };
}

/** A member's contact message, for an admin. The member's words are plain text; reply to `email`. */
export function contactMail(to: string, contact: ContactMessageSent['data']): MailMessage {
  return {
    to,
    subject: `[${contact.contact_type}] contact from ${contact.username}`,
    text: `Type: ${contact.contact_type}\nFrom: ${contact.username} <${contact.email}>\nMember id: ${contact.user_id}\n\n${contact.message}\n`,
  };
}
