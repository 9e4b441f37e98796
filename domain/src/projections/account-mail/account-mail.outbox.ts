import type { Clock, Db, MailMessage, Mailer, Tx } from '@stardeck/infra';
import { ONE_TIME_TOKEN_TTL_MS, randomToken, sha256, type OneTimePurpose } from '../../accounts/one-time-links';
import { defineOutbox, type OutboxStep, type ProjectedEvent, type Projection } from '../../kit/projection';
import {
  contactMail, emailAlreadyUsedMail, emailChangeMail, emailChangedMail, inviteMail, linkTo, passwordResetMail, registrationAttemptMail, verificationMail,
} from './account-mail.messages';
import { accountMailQueries as queries, type LinkToken } from './account-mail.queries';

export const ACCOUNT_MAIL = 'account_mail';

export interface AccountMailPorts {
  mailer: Mailer;
  /** The address people use; links in mail point here. */
  publicUrl: string;
  clock: Clock;
}

/** One mail to send, and the token its link carries, if any. */
interface Outgoing {
  message: MailMessage;
  token: LinkToken | null;
}

type MailEvent =
  | 'AccountRegistered' | 'VerificationRequested' | 'PasswordResetRequested' | 'AccessRequestInvited' | 'ContactMessageSent'
  | 'EmailChangeRequested' | 'EmailChanged' | 'RegistrationAttempted';

/**
 * The mail of sign-up and sign-in, sent from the log: a request only appends its event, and this
 * outbox sends the mail, so a crash after the commit delays the mail but never loses it. A failed
 * send throws and the runner tries the same event again; the checkpoint moves only after a send.
 *
 * Secrets never enter the log: the events say what happened, and the link's one-time token is
 * made here at send time (its hash stored, superseding older links of the same purpose); an
 * invite mail reads the key from the invites read model.
 *
 * Delivery is at least once. Every sent event is recorded, in the transaction that moves the
 * checkpoint, so a replay, a redelivery or a rebuild sends nothing twice. A crash between the send
 * and that commit sends the mail again on restart, with a new link that replaces the first one.
 */
export function accountMailOutbox(ports: AccountMailPorts): Projection {
  const expiry = (purpose: OneTimePurpose) => new Date(ports.clock.now().getTime() + ONE_TIME_TOKEN_TTL_MS[purpose]);

  /** A new link for `purpose`: the raw token goes into the mail, only its hash into the database. */
  function link(eventId: string, userId: string, purpose: OneTimePurpose, path: string) {
    const raw = randomToken();
    const token: LinkToken = { token_hash: sha256(raw), user_id: userId, purpose, expires_at: expiry(purpose), mail_event_id: eventId };
    return { url: linkTo(ports.publicUrl, path, { token: raw }), token };
  }

  async function verification(db: Db | Tx, eventId: string, userId: string): Promise<Outgoing | null> {
    const user = await queries.recipient(db, userId);
    // Verified meanwhile (or a bootstrap admin, verified in the same write): nothing to ask for.
    if (!user || user.verified_at) return null;
    const { url, token } = link(eventId, userId, 'verify', '/verify-account');
    return { message: verificationMail(user.email, url), token };
  }

  async function passwordReset(db: Db | Tx, eventId: string, userId: string): Promise<Outgoing | null> {
    const user = await queries.recipient(db, userId);
    if (!user) return null;
    const { url, token } = link(eventId, userId, 'reset', '/reset-password');
    return { message: passwordResetMail(user.email, url), token };
  }

  /**
   * The confirmation goes to the new address, so only its owner can make the change. An address
   * that already has an account gets a word to its owner instead: the member who asked learns
   * nothing from the answer either way (no enumeration), and the address's owner learns of the try.
   */
  async function emailChange(db: Db | Tx, eventId: string, userId: string, email: string): Promise<Outgoing | null> {
    if (!(await queries.recipient(db, userId))) return null;
    if (await queries.emailTakenByOther(db, email, userId)) return { message: emailAlreadyUsedMail(email), token: null };
    const { url, token } = link(eventId, userId, 'email', '/confirm-email');
    return { message: emailChangeMail(email, url), token };
  }

  async function invite(db: Db | Tx, requestId: string, inviteId: string): Promise<Outgoing | null> {
    // An invite already redeemed or deleted by the time its mail goes out is not worth sending.
    const live = await queries.liveInvite(db, requestId, inviteId);
    return live ? { message: inviteMail(live.email, linkTo(ports.publicUrl, '/invite', { q: live.key })), token: null } : null;
  }

  async function sendOnce<T extends MailEvent>(
    event: ProjectedEvent<T>, step: OutboxStep, compose: (db: Db | Tx) => Promise<Outgoing | null>,
  ): Promise<void> {
    if (await queries.wasDelivered(step.db, ACCOUNT_MAIL, event.event_id)) return;
    const outgoing = await compose(step.db);
    if (!outgoing) return;
    const { message, token } = outgoing;
    if (token) await queries.storeToken(step.db, token);
    await ports.mailer.send(message);
    // A crash here leaves the mail sent but unrecorded: it goes out again, with a new link.
    await step.commit(async (tx) => {
      if (token) await queries.supersedeOlderTokens(tx, token, ports.clock.now());
      await queries.recordDelivery(tx, ACCOUNT_MAIL, event.event_id);
    });
  }

  /**
   * A contact message goes to every admin, one mail each. A crash between two sends mails them all
   * again on restart: at least once, like every mail here.
   */
  async function toAdmins(event: ProjectedEvent<'ContactMessageSent'>, step: OutboxStep): Promise<void> {
    if (await queries.wasDelivered(step.db, ACCOUNT_MAIL, event.event_id)) return;
    const admins = await queries.adminRecipients(step.db);
    for (const admin of admins) await ports.mailer.send(contactMail(admin.email, event.data));
    await step.commit((tx) => queries.recordDelivery(tx, ACCOUNT_MAIL, event.event_id));
  }

  return defineOutbox<MailEvent>({
    name: ACCOUNT_MAIL,
    handlers: {
      AccountRegistered: (event, step) => sendOnce(event, step, (db) => verification(db, event.event_id, event.data.user_id)),
      VerificationRequested: (event, step) => sendOnce(event, step, (db) => verification(db, event.event_id, event.data.user_id)),
      PasswordResetRequested: (event, step) => sendOnce(event, step, (db) => passwordReset(db, event.event_id, event.data.user_id)),
      AccessRequestInvited: (event, step) => sendOnce(event, step, (db) => invite(db, event.data.request_id, event.data.invite_id)),
      ContactMessageSent: (event, step) => toAdmins(event, step),
      EmailChangeRequested: (event, step) => sendOnce(event, step, (db) => emailChange(db, event.event_id, event.data.user_id, event.data.email)),
      RegistrationAttempted: (event, step) => sendOnce(event, step, async (db) => {
        const owner = await queries.recipient(db, event.data.user_id);
        return owner ? { message: registrationAttemptMail(owner.email), token: null } : null;
      }),
      EmailChanged: (event, step) => sendOnce(event, step, async () => ({ message: emailChangedMail(event.data.previous_email, event.data.email), token: null })),
    },
  });
}
