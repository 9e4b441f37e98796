import { MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, PUBLIC_URL, bearer, linkParam, login, mailTo, newMember, startAuthServer, type Session } from './helpers';

describe('access requests and the admin endpoints', () => {
  let server: TestServer;
  let admin: Session;
  let member: Session;
  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    member = await newMember(server.url, admin);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = () => request(server.url);

  it.each([
    [{ url: 'nova.example' }, 'email', MSG.emailRequired],
    [{ email: 'nova', url: 'nova.example' }, 'email', MSG.invalidEmail],
    [{ email: 'nova@example.com' }, 'url', MSG.urlRequired],
    [{ email: 'nova@example.com', url: null }, 'url', MSG.urlRequired],
    [{ email: 'nova@example.com', url: '' }, 'url', MSG.urlRequired],
    [{ email: 'nova@example.com', url: 'not a url' }, 'url', MSG.urlInvalid],
    [{ email: 'nova@example.com', url: 'nova.example', message: 'm'.repeat(1001) }, 'message', MSG.accessMessageTooLong],
  ])('refuses %j with 400 and the field message', async (body, field, message) => {
    const res = await api().post('/v1/access_request').send(body).expect(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('records a request, lists it for admins, and an admin invite mails the requester a link that signs them up', async () => {
    const asked = await api().post('/v1/access_request').send({ email: 'Lyra@Example.com', url: 'lyra.example/music', message: 'I make ambient tapes' }).expect(201);
    expect(asked.body).toMatchObject({ status: 'success', msg: { title: 'Request Access', description: MSG.accessRequested } });

    const list = await api().get('/v1/admin/access_requests').set(bearer(admin)).query({ limit: 1, offset: 0 }).expect(200);
    expect(list.body.data.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data.has_more).toBe(true);
    const request0 = list.body.data.access_requests[0];
    expect(request0).toMatchObject({ email: 'lyra@example.com', url: 'https://lyra.example/music', message: 'I make ambient tapes', status: 'pending', invite_id: null });

    const invited = await api().post(`/v1/admin/access_requests/${request0.id}/invite`).set(bearer(admin)).expect(201);
    const invite = invited.body.data.invite;
    expect(invite.key).toMatch(/^[0-9a-f]{12}$/);
    const mail = await mailTo(server.url, admin, 'lyra@example.com', /invite/i);
    expect(mail.link).toBe(`${PUBLIC_URL}/invite?q=${invite.key}`);

    const again = await api().post(`/v1/admin/access_requests/${request0.id}/invite`).set(bearer(admin)).expect(409);
    expect(again.body.msg.description).toBe(MSG.accessRequestAlreadyInvited);
    const after = await api().get('/v1/admin/access_requests').set(bearer(admin)).query({ limit: 1 }).expect(200);
    expect(after.body.data.access_requests[0]).toMatchObject({ id: request0.id, status: 'invited', invite_id: invite.id });

    const row = await server.platform.database.db.selectFrom('invites').selectAll().where('id', '=', invite.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ inviter_id: admin.me.id, access_request_id: request0.id });
    const check = await api().get(`/v1/validate_invite/${linkParam(mail.link, 'q')}`).expect(200);
    expect(check.body.data).toMatchObject({ valid: true, inviter: { username: admin.me.username } });
  });

  it('answers an unknown access request with 404 and lets only one of two racing admins invite', async () => {
    await api().post('/v1/admin/access_requests/00000000-0000-4000-8000-000000000000/invite').set(bearer(admin)).expect(404);
    await api().post('/v1/admin/access_requests/nope/invite').set(bearer(admin)).expect(404);
    await api().post('/v1/access_request').send({ email: 'race@example.com', url: 'https://race.example' }).expect(201);
    const list = await api().get('/v1/admin/access_requests').set(bearer(admin)).query({ limit: 1 }).expect(200);
    const id = list.body.data.access_requests[0].id;
    const results = await Promise.all([1, 2, 3].map(() => api().post(`/v1/admin/access_requests/${id}/invite`).set(bearer(admin))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const invites = await server.platform.database.db.selectFrom('invites').select('id').where('access_request_id', '=', id).execute();
    expect(invites).toHaveLength(1);
  });

  it.each([
    ['get', '/v1/admin/access_requests'],
    ['post', '/v1/admin/access_requests/00000000-0000-4000-8000-000000000000/invite'],
    ['get', '/v1/admin/mail'],
  ] as const)('%s %s answers members 404, as a missing path, and anonymous callers 401', async (method, path) => {
    const hidden = await api()[method](path).set(bearer(member)).expect(404);
    expect(hidden.body).toMatchObject({ status: 'error', status_code: 404, msg: { title: 'Not Found', description: `Cannot ${method.toUpperCase()} ${path}` } });
    await api()[method](path).expect(401);
  });

  it('pages the dev mailbox for admins', async () => {
    const all = await api().get('/v1/admin/mail').set(bearer(admin)).query({ limit: 100 }).expect(200);
    expect(all.body.data.mailer).toBe('dev-mailbox');
    const total = all.body.data.total as number;
    expect(total).toBeGreaterThanOrEqual(2);
    const page = await api().get('/v1/admin/mail').set(bearer(admin)).query({ limit: 1, offset: 1 }).expect(200);
    expect(page.body.data).toMatchObject({ total, has_more: total > 2 });
    expect(page.body.data.mail).toEqual([all.body.data.mail[1]]);
  });
});

describe('the admin mailbox with SMTP configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists nothing and says mail goes to SMTP', async () => {
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    const res = await request(server.url).get('/v1/admin/mail').set(bearer(admin)).expect(200);
    expect(res.body.data).toMatchObject({ mail: [], total: 0, has_more: false, mailer: 'smtp' });
    expect(res.body.msg.description).toBe(MSG.mailGoesToSmtp);
  });
});
