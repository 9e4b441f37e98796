import { CONTACT_MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, mailTo, startAuthServer, type Session } from '../auth/helpers';
import { factories, type Factories } from '../support/factories';
import type { TestServer } from '../support/server';

const form = (username: string, message = 'The waveform of my last upload looks flat.') => ({
  contact_type: 'issue', email: 'reply-here@example.com', username, message,
});

describe('contact form', () => {
  let server: TestServer;
  let admin: Session;
  let make: Factories;
  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = () => request(server.url);

  it('takes a member\'s message, lists it for admins and mails it to them', async () => {
    const member = await make.newMember();
    const message = `Line one <b>not html</b>\nline two ${member.me.username}`;
    const res = await api().post('/v1/contact').set(bearer(member)).send({ ...form(member.me.username, `  ${message}  `), contact_type: 'feedback' }).expect(200);
    expect(res.body).toMatchObject({ status: 'success', data: { success: true, message: CONTACT_MSG.sent } });

    const list = await api().get('/v1/admin/contact_messages').set(bearer(admin)).expect(200);
    expect(list.body.data.contact_messages[0]).toMatchObject({
      user_id: member.me.id, contact_type: 'feedback', email: 'reply-here@example.com', username: member.me.username, message,
    });
    const mail = await mailTo(server.url, admin, ADMIN.email, new RegExp(`\\[feedback\\] contact from ${member.me.username}`));
    expect(mail.text).toContain(message);
    expect(mail.text).toContain('reply-here@example.com');
  });

  it('shows admins the account that really sent a message beside the name and address it claims', async () => {
    const member = await make.newMember();
    await api().post('/v1/contact').set(bearer(member)).send({ ...form('admin'), email: ADMIN.email, message: `Please reset my password ${member.me.id}` }).expect(200);
    const list = await api().get('/v1/admin/contact_messages').set(bearer(admin)).query({ limit: 100 }).expect(200);
    const sent = list.body.data.contact_messages.find((m: { message: string }) => m.message.endsWith(member.me.id));
    expect(sent).toMatchObject({
      username: 'admin', email: ADMIN.email,
      sender: { id: member.me.id, username: member.me.username, email: member.email },
    });
  });

  it('is for members only, and its list for admins only', async () => {
    const member = await make.newMember();
    await api().post('/v1/contact').send(form('visitor')).expect(401);
    await api().get('/v1/admin/contact_messages').expect(401);
    await api().get('/v1/admin/contact_messages').set(bearer(member)).expect(404);
    // Admins may write too (to the other admins).
    await api().post('/v1/contact').set(bearer(admin)).send(form(admin.me.username)).expect(200);
  });

  it("refuses bad input with the spec's texts and records nothing", async () => {
    const member = await make.newMember();
    const cases: [object, string][] = [
      [{ ...form(member.me.username), message: '   ' }, CONTACT_MSG.empty],
      [{ ...form(member.me.username), message: 'x'.repeat(4097) }, CONTACT_MSG.tooLong],
      [{ ...form(member.me.username), contact_type: 'sales' }, CONTACT_MSG.typeInvalid],
      [{ ...form(member.me.username), email: 'not-an-address' }, 'Invalid email address'],
    ];
    for (const [body, description] of cases) {
      const res = await api().post('/v1/contact').set(bearer(member)).send(body).expect(400);
      expect(res.body.msg.description).toBe(description);
    }
    await api().post('/v1/contact').set(bearer(member)).send({ ...form(member.me.username), message: 'y'.repeat(4096) }).expect(200);
    const list = await api().get('/v1/admin/contact_messages').set(bearer(admin)).query({ limit: 100 }).expect(200);
    expect(list.body.data.contact_messages.filter((m: { user_id: string }) => m.user_id === member.me.id)).toHaveLength(1);
  });

  it('lets at most 5 of 100 parallel messages of one member through, the rest get 429', async () => {
    const member = await make.newMember();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) =>
      api().post('/v1/contact').set(bearer(member)).send(form(member.me.username, `burst ${i}`))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toMatchObject({ status: 'error', status_code: 429 });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const list = await api().get('/v1/admin/contact_messages').set(bearer(admin)).query({ limit: 100 }).expect(200);
    expect(list.body.data.contact_messages.filter((m: { user_id: string }) => m.user_id === member.me.id)).toHaveLength(5);
    // Another member's budget is their own.
    const other = await make.newMember();
    await api().post('/v1/contact').set(bearer(other)).send(form(other.me.username)).expect(200);
  });
});
