import type { MailMessage, Mailer } from '@stardeck/infra';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/services';

/** A message as its recipient got it. */
export interface Delivered {
  /** Addresses it was delivered to (the SMTP envelope, or the mailbox row). */
  recipients: string[];
  subject: string;
  text: string;
}

export interface MailerUnderTest {
  mailer: Mailer;
  /** Everything delivered so far, oldest first. */
  delivered(): Promise<Delivered[]>;
  /** A mailer of the same kind whose deliveries cannot succeed (server gone, database closed). */
  broken(): Promise<Mailer>;
  stop(): Promise<void>;
}

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'nova+stardeck@example.com',
  subject: 'Verify your stardeck account',
  text: 'Welcome aboard.\n\nhttp://stardeck.test/verify-account?token=abc123\n',
  link: 'http://stardeck.test/verify-account?token=abc123',
  ...overrides,
});

/**
 * What the account mails rely on from a mailer: the message reaches exactly its recipient with
 * its subject and text unchanged, every one of many sent at once arrives once, a line break in a
 * subject never adds a header or a recipient, and a mail that cannot be delivered fails the send
 * (so whoever sends it can try again) instead of vanishing.
 */
export function mailerContract(name: string, start: () => Promise<MailerUnderTest>): void {
  describe(`${name} mailer contract`, () => {
    let subject: MailerUnderTest | null = null;
    const setUp = async () => (subject = await start());
    afterEach(async () => {
      await subject?.stop();
      subject = null;
    });
    const arrived = async (count: number) => waitFor(async () => {
      const all = await subject!.delivered();
      return all.length >= count ? all : null;
    }, 10_000, 50);

    it('delivers the message to its recipient with subject and text as they were written', async () => {
      const { mailer } = await setUp();
      const long = `${'A line longer than any mail line should be, '.repeat(4)}end.`;
      const text = `Grüße aus dem Studio — ♫\n\n${long}\nhttp://stardeck.test/reset-password?token=a=b&c=d\n`;
      await mailer.send(message({ subject: 'Réinitialiser votre mot de passe ✓', text }));
      const [mail] = await arrived(1);
      expect(mail).toEqual({ recipients: ['nova+stardeck@example.com'], subject: 'Réinitialiser votre mot de passe ✓', text });
    });

    it('delivers each of many messages sent at once, once', async () => {
      const { mailer } = await setUp();
      await Promise.all(Array.from({ length: 10 }, (_, i) => mailer.send(message({ to: `member${i}@example.com`, subject: `Mail ${i}` }))));
      const all = await arrived(10);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await subject!.delivered()).length).toBe(10);
      expect(all.map((m) => `${m.recipients.join(',')} ${m.subject}`).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `member${i}@example.com Mail ${i}`).sort(),
      );
    });

    it('never lets a line break in the subject add a header or a recipient', async () => {
      const { mailer } = await setUp();
      await mailer.send(message({ subject: 'Hello\r\nBcc: intruder@example.com\r\nX-Injected: yes' }));
      const [mail] = await arrived(1);
      expect(mail!.recipients).toEqual(['nova+stardeck@example.com']);
      expect(mail!.subject).not.toMatch(/[\r\n]/);
      expect(mail!.text).not.toContain('X-Injected');
    });

    it('fails the send when the mail cannot be delivered', async () => {
      await setUp();
      const broken = await subject!.broken();
      await expect(broken.send(message())).rejects.toThrow();
    });
  });
}
