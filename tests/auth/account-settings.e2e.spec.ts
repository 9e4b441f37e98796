import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, bearer, linkParam, login, mailTo, mailsTo, newMember, outboxIdle, startAuthServer, type Session } from './helpers';

type Member = Session & { email: string; password: string };

/** A member's own password and email, from their settings. */
describe('account settings: password and email', () => {
  let server: TestServer;
  let admin: Session;
  let ip = 0;
  /** Each test from an address of its own, so the per-address budgets do not meet across tests. */
  const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const eventCount = async () => Number((await server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const changePassword = (session: Session, body: object, from = nextIp()) =>
    request(server.url).put('/v1/manage/account/password').set(bearer(session)).set('x-forwarded-for', from).send(body);
  const changeEmail = (session: Session, body: object, from = nextIp()) =>
    request(server.url).post('/v1/manage/account/email').set(bearer(session)).set('x-forwarded-for', from).send(body);
  const confirm = (token: string) => request(server.url).post('/v1/confirm_email').send({ token });

  it('changes the password with the current one; every other sign-in ends and this one stays', async () => {
    const member: Member = await newMember(server.url, admin);
    const other = await login(server.url, member.email, member.password, { ip: nextIp() });
    const before = await eventCount();

    const wrong = await changePassword(member, { current_password: 'not-it-at-all', password: 'brand-new-pass', verify_password: 'brand-new-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg.description).toBe('Current password is incorrect');
    for (const [body, message] of [
      [{ current_password: member.password, password: 'short', verify_password: 'short' }, 'Minimum 8 characters'],
      [{ current_password: member.password, password: 'x'.repeat(33), verify_password: 'x'.repeat(33) }, 'Maximum 32 characters'],
      [{ current_password: member.password, password: 'brand-new-pass', verify_password: 'brand-new-pasS' }, 'Passwords do not match'],
      [{ current_password: '', password: 'brand-new-pass', verify_password: 'brand-new-pass' }, 'Current password is required'],
      [[], null],
    ] as const) {
      const res = await changePassword(member, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      if (message) expect(JSON.stringify(res.body)).toContain(message);
    }
    // Refused changes change nothing.
    expect(await eventCount()).toBe(before);

    const changed = await changePassword(member, { current_password: member.password, password: 'brand-new-pass', verify_password: 'brand-new-pass' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.msg.description).toBe('Password changed. Your other sessions are signed out.');

    // The other sign-in is over, its access token and its refresh cookie alike.
    expect((await request(server.url).get('/v1/invite').set(bearer(other))).status).toBe(401);
    expect((await request(server.url).post('/v1/sync').set('cookie', other.cookie)).status).toBe(401);
    // This one carries on.
    expect((await request(server.url).get('/v1/invite').set(bearer(member))).status).toBe(200);
    expect((await request(server.url).post('/v1/sync').set('cookie', member.cookie)).status).toBe(200);
    await request(server.url).post('/v1/login').set('x-forwarded-for', nextIp()).send({ email: member.email, password: member.password }).expect(401);
    await login(server.url, member.email, 'brand-new-pass', { ip: nextIp() });
    const events = await server.platform.database.db.selectFrom('events').select(['type', 'data']).where('type', '=', 'PasswordChanged').where('stream_id', '=', `user-${member.me.id}`).execute();
    expect(events.map((e) => (e.data as { reason: string }).reason)).toEqual(['change']);
  });

  it('changes the email only once the link mailed to the new address is opened, and tells the old address', async () => {
    const member: Member = await newMember(server.url, admin);
    const newEmail = `moved-${member.me.username}@example.com`;
    expect((await changeEmail(member, { email: newEmail, current_password: 'wrong-password' })).status).toBe(400);
    const unchanged = await changeEmail(member, { email: member.email.toUpperCase(), current_password: member.password });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.msg.description).toBe('This is already your email');
    expect((await changeEmail(member, { email: 'not-an-email', current_password: member.password })).body.msg.description).toBe('Invalid email address');

    const asked = await changeEmail(member, { email: ` ${newEmail} `, current_password: member.password });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // Nothing changed yet.
    await login(server.url, member.email, member.password, { ip: nextIp() });
    const mail = await mailTo(server.url, admin, newEmail, /confirm your new stardeck email/i);
    expect(new URL(mail.link).pathname).toBe('/confirm-email');
    const token = linkParam(mail.link, 'token');

    const confirmed = await confirm(token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.email).toBe(newEmail);
    await login(server.url, newEmail, member.password, { ip: nextIp() });
    await request(server.url).post('/v1/login').set('x-forwarded-for', nextIp()).send({ email: member.email, password: member.password }).expect(401);
    const synced = await request(server.url).post('/v1/sync').set('cookie', member.cookie).expect(200);
    expect(synced.body.me.email).toBe(newEmail);
    const told = await mailTo(server.url, admin, member.email, /your stardeck email was changed/i);
    expect(told.text).toContain(newEmail);
    // A link works once.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.msg.description).toBe('This link is invalid or has expired');
    expect((await confirm('made-up-token')).status).toBe(400);
    expect((await confirm('')).body.msg.description).toBe('Confirmation token is required');
  });

  it('answers alike when the new address already has an account, whose owner is told; nothing changes', async () => {
    const [member, owner]: Member[] = await Promise.all([newMember(server.url, admin), newMember(server.url, admin)]);
    const free = await changeEmail(member, { email: `free-${member.me.username}@example.com`, current_password: member.password });
    const taken = await changeEmail(member, { email: owner.email, current_password: member.password });
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual(free.body);
    const warned = await mailTo(server.url, admin, owner.email, /someone tried to use your email/i);
    expect(warned.link ?? null).toBeNull();
    await outboxIdle(server.url, admin);
    expect(await mailsTo(server.url, admin, owner.email, /confirm your new stardeck email/i)).toEqual([]);
    await login(server.url, member.email, member.password, { ip: nextIp() });
    await login(server.url, owner.email, owner.password, { ip: nextIp() });
  });

  it('holds 10 tries per member however many arrive at once: of 100 parallel guesses, 10 are checked and 90 refused', async () => {
    const member: Member = await newMember(server.url, admin);
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) =>
      changePassword(member, { current_password: `guess-number-${i}`, password: 'brand-new-pass', verify_password: 'brand-new-pass' }, nextIp())));
    const statuses = guesses.map((res) => res.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    // The right password too waits for the window now.
    expect((await changePassword(member, { current_password: member.password, password: 'brand-new-pass', verify_password: 'brand-new-pass' })).status).toBe(429);
  });

  it('is for signed-in members only', async () => {
    await request(server.url).put('/v1/manage/account/password').send({ current_password: 'x', password: 'brand-new-pass', verify_password: 'brand-new-pass' }).expect(401);
    await request(server.url).post('/v1/manage/account/email').send({ email: 'a@example.com', current_password: 'x' }).expect(401);
  });
});
