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
