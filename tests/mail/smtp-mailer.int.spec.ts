import { SmtpMailer } from '@stardeck/infra';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../support/services';
import { mailerContract, type Delivered } from './mailer-contract';

/** A real SMTP server on loopback standing in for the relay; what it receives is parsed as a mail client would. */
async function startSmtpServer(): Promise<{ url: string; received: Promise<Delivered>[]; close(): Promise<void> }> {
  const port = await freePort();
  const received: Promise<Delivered>[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      const parsed = simpleParser(stream).then((mail) => ({ recipients, subject: mail.subject ?? '', text: mail.text ?? '' }));
      received.push(parsed);
      parsed.then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

mailerContract('SMTP', async () => {
  const server = await startSmtpServer();
  return {
    mailer: new SmtpMailer(server.url, 'stardeck <no-reply@stardeck.test>'),
    delivered: () => Promise.all(server.received),
    // Nothing listens there any more.
    broken: async () => new SmtpMailer(`smtp://127.0.0.1:${await freePort()}`, 'stardeck <no-reply@stardeck.test>'),
    stop: () => server.close(),
  };
});
