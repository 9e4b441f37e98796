import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/connect';
import { devMailRepository } from './dev-mail.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the message (verify, reset, invite); the dev mailbox prints it. */
  link?: string;
}

/** The mail port: SMTP in production, a stored dev mailbox otherwise. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: nodemailer.Transporter;

  constructor(smtpUrl: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }
}

/**
 * Keeps mail in the database for admins (GET /v1/admin/mail) and logs its link. The logger hides
 * the link's token or key, so the working link is only ever read from the mailbox.
 */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox' as const;

  constructor(private readonly db: Db, private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    // A header holds one line: SMTP delivery turns line breaks in the subject into spaces, and so does the mailbox.
    const subject = message.subject.replace(/\r\n|\r|\n/g, ' ');
    await devMailRepository.insert(this.db, { to_address: message.to, subject, text_body: message.text, link: message.link ?? null });
    this.logger.info({ mailTo: message.to, subject: message.subject, link: message.link }, 'mail kept in the dev mailbox');
  }

  async list(limit: number, offset: number) {
    return devMailRepository.list(this.db, limit, offset);
  }

  async count(): Promise<number> {
    return devMailRepository.count(this.db);
  }
}
