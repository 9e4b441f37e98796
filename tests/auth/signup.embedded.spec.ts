import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@stardeck/api';
import { HEADER_NEW_ACCESS_TOKEN } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, linkParam, login, mailTo, refreshCookieOf } from './helpers';

/** The embedded product: PGlite and the in-process bus, nothing from the services environment. */
function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'STARDECK_SECRET', 'PUBLIC_URL', 'STARDECK_ADMIN_EMAIL', 'STARDECK_ADMIN_PASSWORD']) delete env[name];
  return { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...extra };
}

const start = (dataDir: string, extra: Record<string, string> = {}) =>
  startServer({ roles: ['api', 'projector'], env: embeddedEnv(dataDir, extra), webDir: null });

describe('embedded mode (PGlite, in-process bus)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-auth-'));
  // The test plays a proxy, so the parallel waitlist requests come from addresses of their own.
  const adminEnv = { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true', ADMIN_INVITE_LIMIT: '6' };
  let server: RunningServer | undefined;
  const member = { email: 'orion@example.com', username: 'orion', password: 'orion-password' };

  beforeAll(async () => {
    server = await start(dataDir, adminEnv);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the sign-up path on PGlite', async () => {
    const url = server!.url;
    const ready = await request(url).get('/ready').expect(200);
    expect(ready.body.data).toMatchObject({ database_kind: 'pglite', bus_kind: 'in-process' });

    const admin = await login(url, ADMIN.email, ADMIN.password);
    const invite = (await request(url).post('/v1/invite').set(bearer(admin)).expect(201)).body.data.invite;
    expect((await request(url).get(`/v1/validate_invite/${invite.key}`).expect(200)).body.data.valid).toBe(true);
    await request(url).post('/v1/create_account').send({ ...member, verify_password: member.password, terms: true, invitation_key: invite.key }).expect(201);
    await request(url).post('/v1/login').send({ email: member.email, password: member.password }).expect(403);
    const mail = await mailTo(url, admin, member.email, /verify/i);
    await request(url).post('/v1/verify_account').send({ verification_token: linkParam(mail.link, 'token') }).expect(200);

    const session = await login(url, member.email, member.password);
    const synced = await request(url).post('/v1/sync').set('cookie', session.cookie).expect(200);
    expect(synced.headers[HEADER_NEW_ACCESS_TOKEN]).toBeTruthy();
    const rotated = refreshCookieOf(synced)!.pair;
    // Presented again at once, the spent cookie gets the same successor (tabs renewing together).
    const replayed = await request(url).post('/v1/sync').set('cookie', session.cookie).expect(200);
    expect(refreshCookieOf(replayed)!.pair).toBe(rotated);
    await request(url).post('/v1/logout').set('cookie', rotated).expect(200);
    await request(url).post('/v1/sync').set('cookie', rotated).expect(401);
  });

  it('serialises concurrent transactions: 30 parallel access requests and 30 parallel admin invites are all stored', async () => {
    const url = server!.url;
    const admin = await login(url, ADMIN.email, ADMIN.password);
    const asked = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      request(url).post('/v1/access_request').set('x-forwarded-for', `10.60.0.${i + 1}`).send({ email: `wait${i}@example.com`, url: `https://wait${i}.example` })));
    expect(asked.map((r) => r.status)).toEqual(Array(30).fill(201));
    const list = await request(url).get('/v1/admin/access_requests').set(bearer(admin)).query({ limit: 100 }).expect(200);
    expect(list.body.data.total).toBe(30);

    const invited = await Promise.all(list.body.data.access_requests.map((r: { id: string }) =>
      request(url).post(`/v1/admin/access_requests/${r.id}/invite`).set(bearer(admin))));
    expect(invited.map((r) => r.status)).toEqual(Array(30).fill(201));
    const db = server!.platform.database.db;
    const invites = await db.selectFrom('invites').select('id').where('access_request_id', 'is not', null).execute();
    expect(invites).toHaveLength(30);
    const events = await db.selectFrom('events').select('type').where('type', 'in', ['AccessRequested', 'AccessRequestInvited']).execute();
    expect(events).toHaveLength(60);

    // Own invites race for the slots ADMIN_INVITE_LIMIT leaves: the admin already used 1 of 6, so 5 of 10 succeed.
    const own = await Promise.all(Array.from({ length: 10 }, () => request(url).post('/v1/invite').set(bearer(admin))));
    expect(own.filter((r) => r.status === 201)).toHaveLength(5);
    expect(own.filter((r) => r.status === 403)).toHaveLength(5);
  });

  it('keeps accounts and sessions across a restart on the same data directory, without a second admin', async () => {
    await server!.close();
    server = await start(dataDir, adminEnv);
    const session = await login(server.url, member.email, member.password);
    expect(session.me.username).toBe(member.username);
    await login(server.url, ADMIN.email, ADMIN.password);
    const admins = await server.platform.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });
});

describe('embedded first start without admin settings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** What an operator sees of `npm start`: the JSON log lines and whatever else is printed. */
  function startSeen() {
    const printed: string[] = [];
    const logLines: Record<string, unknown>[] = [];
    const logDestination = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
    const env = embeddedEnv(dataDir, { LOG_LEVEL: 'info' });
    return startServer({ roles: ['api', 'projector'], env, webDir: null, logDestination, announce: { write: (text: string) => printed.push(text) } })
      .then((server) => ({ server, printed, logLines }));
  }

  it('creates an admin once and prints its credentials once, in a framed box after the log says where the site is', async () => {
    let { server, printed, logLines } = await startSeen();
    try {
      expect(printed).toHaveLength(1);
      const box = printed[0]!.split('\n').filter((line) => line !== '');
      // Every line of the block is part of the frame, so it stands apart from the JSON lines around it.
      expect(box[0]).toMatch(/^┌─+┐$/);
      expect(box.at(-1)).toMatch(/^└─+┘$/);
      for (const line of box.slice(1, -1)) {
        expect(line).toMatch(/^│ .* │$/);
        expect(line.length).toBe(box[0]!.length);
      }
      expect(box.join('\n')).toContain('admin account created');
      const email = /email +(\S+)/.exec(printed[0]!)![1]!;
      const password = /password +(\S+)/.exec(printed[0]!)![1]!;
      expect(email).toBe('admin@stardeck.local');
      // One address, the one the README gives: the log line and the box agree.
      const port = new URL(server.url).port;
      const listening = logLines.find((line) => line.msg === 'stardeck listening')!;
      expect(listening.url).toBe(`http://localhost:${port}`);
      expect(/open +(\S+)/.exec(printed[0]!)![1]).toBe(`http://localhost:${port}`);
      // Never in the log itself.
      expect(JSON.stringify(logLines)).not.toContain(password);
      const admin = await login(server.url, email, password);
      expect(admin.me).toMatchObject({ role: 'admin', username: 'admin', tier: { slug: 'admin' } });

      await server.close();
      ({ server, printed, logLines } = await startSeen());
      expect(printed).toEqual([]);
      await login(server.url, email, password);
    } finally {
      await server.close();
    }
  });
});
