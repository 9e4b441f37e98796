import { Inject, Injectable } from '@nestjs/common';
import type { MailMessage, Platform } from '@stardeck/infra';
import { PLATFORM } from '../platform/platform.module';

/**
 * The mails of sign-up and sign-in. Sending happens after the request's transaction and does not
 * hold up the answer: a slow SMTP server must not make "no such account" faster than "mail sent".
 */
@Injectable()
export class AccountMailService {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private link(path: string, query: Record<string, string>): string {
    return `${this.platform.config.publicUrl}${path}?${new URLSearchParams(query).toString()}`;
  }

  sendVerification(to: string, token: string): void {
    const link = this.link('/verify-account', { token });
    this.deliver({ to, subject: 'Verify your stardeck account', text: `Welcome aboard. Verify your account within 48 hours:\n\n${link}\n`, link });
  }

  sendPasswordReset(to: string, token: string): void {
    const link = this.link('/reset-password', { token });
    this.deliver({
      to, subject: 'Reset your stardeck password',
      text: `Someone asked to reset the password of this account. The link works once, for one hour:\n\n${link}\n\nIf it was not you, ignore this mail.`,
      link,
    });
  }

  sendInvite(to: string, key: string): void {
    const link = this.link('/invite', { q: key });
    this.deliver({ to, subject: 'Your stardeck invite', text: `Your request was accepted. Create your account here:\n\n${link}\n`, link });
  }

  private deliver(message: MailMessage): void {
    this.platform.mailer.send(message).catch((error: unknown) => {
      // The link is a secret: log who and what, never the body.
      this.platform.logger.error({ err: error, mailTo: message.to, subject: message.subject }, 'mail could not be sent');
    });
  }
}
