import { rmSync } from 'node:fs';
import { startServer, type RunningServer } from '@stardeck/api';
import request from 'supertest';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../support/embedded';
import { startTestServer, type TestServer } from '../support/server';
import { freePort, servicesEnv, waitFor } from '../support/services';
import {
  ADMIN, MAIL_OUTBOX, PUBLIC_URL, bearer, linkParam, login, mailTo, mailsTo, newMember, outboxIdle, startAuthServer, type Session,
} from './helpers';

const adminEnv = { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL };

describe('mail sent from the log', () => {
  let server: TestServer;
  let admin: Session;
  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = () => request(server.url);

  it('records only that a link was asked for: the log and the inspector carry no token', async () => {
    const member = await newMember(server.url, admin);
    await api().post('/v1/forgot_password').set('x-forwarded-for', '10.40.0.1').send({ email: member.email }).expect(200);
    const mail = await mailTo(server.url, admin, member.email, /reset/i);
    const events = await api().get('/v1/admin/events').query({ stream: `user-${member.me.id}`, type: 'PasswordResetRequested' }).set(bearer(admin)).expect(200);
    expect(events.body.data.events.map((e: { data: unknown }) => e.data)).toEqual([{ user_id: member.me.id }]);
    expect(JSON.stringify(events.body)).not.toContain(linkParam(mail.link, 'token'));
  });

  it('lists the outbox with the projections, and sends nothing again when it is rebuilt', async () => {
    const member = await newMember(server.url, admin);
    await api().post('/v1/forgot_password').set('x-forwarded-for', '10.41.0.1').send({ email: member.email }).expect(200);
    await mailTo(server.url, admin, member.email, /reset/i);
    await outboxIdle(server.url, admin);
    const before = await api().get('/v1/admin/mail').set(bearer(admin)).query({ limit: 1 }).expect(200);
    const outbox = async () => {
      const res = await api().get('/v1/admin/projections').set(bearer(admin)).expect(200);
      return res.body.data.projections.find((p: { name: string }) => p.name === MAIL_OUTBOX);
    };
    const idle = await outbox();

    await api().post(`/v1/admin/projections/${MAIL_OUTBOX}/rebuild`).set(bearer(admin)).expect(202);
    // The replay has passed every event again once the outbox is live with no lag after it.
    await waitFor(async () => {
      const now = await outbox();
      return now.updated_at !== idle.updated_at && now.status === 'live' && now.lag === 0;
    }, 20_000);
    const after = await api().get('/v1/admin/mail').set(bearer(admin)).query({ limit: 1 }).expect(200);
    expect(after.body.data.total).toBe(before.body.data.total);
    expect(await mailsTo(server.url, admin, member.email, /reset/i)).toHaveLength(1);
  });
});

/**
 * A server without the projector role: requests are answered and their events committed, but
 * nothing sends mail. `restart` stops it and starts one with a projector on the same database.
 */
class ApiOnlyThenProjector {
  first: TestServer | undefined;
  second: RunningServer | undefined;

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<TestServer> {
    this.first = await startTestServer({ roles: ['api'], env: this.env });
    return this.first;
  }

  async restart(): Promise<RunningServer> {
    const first = this.first!;
    await first.close();
    this.second = first.services
      ? await startServer({ roles: ['api', 'projector'], webDir: null, env: servicesEnv(first.services.db, first.services.stream, { ...this.env, PORT: '0', HOST: '127.0.0.1' }) })
      : await startEmbeddedServer(first.dataDir, { roles: ['api', 'projector'], env: this.env });
    return this.second;
  }

  async stop(): Promise<void> {
    await this.second?.close();
    const first = this.first;
    if (first?.services) {
      await first.services.stream.drop().catch(() => undefined);
      await first.services.db.drop();
    }
    if (first) rmSync(first.dataDir, { recursive: true, force: true });
  }
}

describe('mail of a request made while no projector runs', () => {
  const servers = new ApiOnlyThenProjector(adminEnv);
  afterAll(async () => {
    await servers.stop();
  });

  it('goes out once a projector starts on the same database', async () => {
    const first = await servers.start();
    const admin = await login(first.url, ADMIN.email, ADMIN.password);
    await request(first.url).post('/v1/forgot_password').send({ email: ADMIN.email }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailsTo(first.url, admin, ADMIN.email, /reset/i)).toEqual([]);

    // The process stops before anything sent the mail.
    const second = await servers.restart();
    const mail = await mailTo(second.url, await login(second.url, ADMIN.email, ADMIN.password), ADMIN.email, /reset/i);
    await request(second.url).post('/v1/reset_password')
      .send({ recovery_token: linkParam(mail.link, 'token'), password: 'changed-password', verify_password: 'changed-password' }).expect(200);
    await login(second.url, ADMIN.email, 'changed-password');
  });
});

/** A real SMTP server on loopback that answers chosen attempts with a temporary failure, as a restarting relay does. */
class FlakySmtp {
  attempts = 0;
  readonly received: Array<{ to: string[]; body: string }> = [];
  private server: SMTPServer | undefined;

  constructor(private readonly failing: (attempt: number) => boolean) {}

  async listen(): Promise<string> {
    const port = await freePort();
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.attempts += 1;
          if (this.failing(this.attempts)) return callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          // Undo quoted-printable soft line breaks and escapes, so the link reads whole.
          const body = Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const resetTokenIn = (body: string) => /reset-password\?token=([\w-]+)/.exec(body)?.[1];

describe('mail through an SMTP server that fails at first', () => {
  const smtp = new FlakySmtp((attempt) => attempt === 1);
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer({ SMTP_URL: await smtp.listen() });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp.close();
  });

  it('tries again and delivers the mail exactly once', async () => {
    await request(server.url).post('/v1/forgot_password').send({ email: ADMIN.email }).expect(200);
    await waitFor(async () => smtp.received.length > 0, 15_000);
    await outboxIdle(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    expect(smtp.attempts).toBe(2);
    expect(smtp.received.map((m) => m.to)).toEqual([[ADMIN.email]]);
    await request(server.url).post('/v1/reset_password')
      .send({ recovery_token: resetTokenIn(smtp.received[0]!.body), password: 'changed-password', verify_password: 'changed-password' }).expect(200);
  });
});

describe('mail waiting for a projector, through an SMTP server that fails in the middle', () => {
  // The second of two waiting mails fails once: the first must not go out again with it.
  const smtp = new FlakySmtp((attempt) => attempt === 2);
  let servers: ApiOnlyThenProjector;
  afterAll(async () => {
    await servers?.stop();
    await smtp.close();
  });

  it('delivers each of them exactly once, the newest link being the one that works', async () => {
    servers = new ApiOnlyThenProjector({ ...adminEnv, SMTP_URL: await smtp.listen() });
    const first = await servers.start();
    await request(first.url).post('/v1/forgot_password').set('x-forwarded-for', '10.44.0.1').send({ email: ADMIN.email }).expect(200);
    await request(first.url).post('/v1/forgot_password').set('x-forwarded-for', '10.44.0.2').send({ email: ADMIN.email }).expect(200);

    const second = await servers.restart();
    await waitFor(async () => smtp.received.length >= 2, 15_000);
    await outboxIdle(second.url, await login(second.url, ADMIN.email, ADMIN.password));
    expect(smtp.attempts).toBe(3);
    expect(smtp.received).toHaveLength(2);
    const [older, newer] = smtp.received.map((m) => resetTokenIn(m.body));
    await request(second.url).post('/v1/reset_password').send({ recovery_token: older, password: 'older-password', verify_password: 'older-password' }).expect(400);
    await request(second.url).post('/v1/reset_password').send({ recovery_token: newer, password: 'newer-password', verify_password: 'newer-password' }).expect(200);
  });
});
