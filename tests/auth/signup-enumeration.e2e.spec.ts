import { MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, createInvite, login, mailTo, newMember, startAuthServer, type Session } from './helpers';

const form = (email: string, username: string, invitation_key: string) => ({
  email, username, password: 'guess-password', verify_password: 'guess-password', terms: true, invitation_key,
});
/** The answer without what differs by nature between two calls (the new id, the username sent). */
const shapeOf = (res: request.Response) => ({ status: res.status, body: { ...res.body, data: { user: Object.keys(res.body.data?.user ?? {}).sort() } } });

/** Sign-up must not tell anyone which emails are registered, nor let them guess invite keys. */
describe('create_account: no email enumeration, throttled per address', () => {
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

  it('answers a registered email exactly like a new one, never says which field collided, spends the invite and mails the owner', async () => {
    const owner = await newMember(server.url, admin);
    const [forTaken, forNew, forBoth] = await Promise.all([createInvite(server.url, admin), createInvite(server.url, admin), createInvite(server.url, admin)]);
    const taken = await api().post('/v1/create_account').set('x-forwarded-for', '10.90.0.1').send(form(owner.email, 'prober_one', forTaken.key));
    const fresh = await api().post('/v1/create_account').set('x-forwarded-for', '10.90.0.1').send(form('nobody-yet@example.com', 'prober_two', forNew.key));
    expect(shapeOf(taken)).toEqual(shapeOf(fresh));
    expect(taken.status).toBe(201);
    // Both invites are spent: the same invite cannot try a second address.
    for (const key of [forTaken.key, forNew.key]) {
      const again = await api().post('/v1/create_account').set('x-forwarded-for', '10.90.0.1').send(form('third@example.com', 'prober_three', key)).expect(400);
      expect(again.body.msg.description).toBe(MSG.inviteInvalid);
    }
    // A taken username answers on the username alone, whether or not the email is taken too.
    const both = await api().post('/v1/create_account').set('x-forwarded-for', '10.90.0.1').send(form(owner.email, owner.me.username, forBoth.key)).expect(409);
    const onlyName = await api().post('/v1/create_account').set('x-forwarded-for', '10.90.0.1').send(form('free@example.com', owner.me.username, forBoth.key)).expect(409);
    expect(both.body).toEqual(onlyName.body);
    expect(both.body.errors).toEqual({ username: MSG.usernameTaken });
    expect(JSON.stringify(both.body)).not.toContain(MSG.emailTaken);

    const mail = await mailTo(server.url, admin, owner.email, /someone tried to register with your address/i);
    expect(mail.text).toMatch(/No account was created/);
    await login(server.url, owner.email, owner.password, { ip: '10.90.0.2' });
  });

  it('lets one address try at most 30 sign-ups or invite checks in 15 minutes: 120 in parallel, the rest get 429', async () => {
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) =>
      api().post('/v1/create_account').set('x-forwarded-for', '10.91.0.1').send(form(`guess${i}@example.com`, `guess_${i}`, i.toString(16).padStart(12, '0')))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 400), JSON.stringify(statuses)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toMatchObject({ status_code: 429, msg: { description: MSG.tooManyAttempts } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // One budget with validate_invite, so neither route guesses keys past it.
    await api().get('/v1/validate_invite/0123456789ab').set('x-forwarded-for', '10.91.0.1').expect(429);
    const invite = await createInvite(server.url, admin);
    await api().post('/v1/create_account').set('x-forwarded-for', '10.91.0.1').send(form('late@example.com', 'late_one', invite.key)).expect(429);
    await api().post('/v1/create_account').set('x-forwarded-for', '10.91.0.2').send(form('late@example.com', 'late_one', invite.key)).expect(201);
  });
});
