import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { freePort, waitFor } from '../support/services';
import { ADMIN, PUBLIC_URL, startAuthServer } from './helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback standing in for the mail relay: the SMTP adapter talks to it over the wire. */
describe('mail through SMTP', () => {
  let smtp: SMTPServer;
  let server: TestServer;
  const received: Received[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    server = await startAuthServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'stardeck <mail@stardeck.test>' });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('sends the recovery mail with its reset link to the account, and keeps nothing in the dev mailbox', async () => {
    await request(server.url).post('/v1/forgot_password').send({ email: ADMIN.email }).expect(200);
    const mail = await waitFor(async () => received.find((m) => m.to.includes(ADMIN.email)), 10_000);
    expect(mail.from).toBe('mail@stardeck.test');
    // Undo quoted-printable soft line breaks and escapes before looking for the link.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(`${PUBLIC_URL}/reset-password?token=`);
    const stored = await server.platform.database.db.selectFrom('dev_mail').selectAll().execute();
    expect(stored).toEqual([]);
  });
});
