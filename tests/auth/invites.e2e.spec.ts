import { MSG } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../support/factories';
import type { TestServer } from '../support/server';
import { ADMIN, bearer, createInvite, login, newMember, startAuthServer, waitlistInvite, type Session } from './helpers';

describe('invites', () => {
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

  it('lists only my own invites, with used, pending and my limit', async () => {
    const member = await newMember(server.url, admin);
    const mine = await createInvite(server.url, member);
    const list = await api().get('/v1/invite').set(bearer(member)).expect(200);
    expect(list.body.data).toMatchObject({ used: 0, pending: 1, limits: { invite: 2 } });
    expect(list.body.data.invites).toEqual([
      { id: mine.id, key: mine.key, created: expect.any(String), used: null, used_by_id: null, used_by_username: null, used_by_display_name: null },
    ]);
    await api().get('/v1/invite').expect(401);
    await api().post('/v1/invite').expect(401);
  });

  it.each([
    ['free', 2],
    ['core', 4],
    ['premium', 6],
  ] as const)('lets a %s member hold %i used plus pending invites, then refuses with 403', async (tier, limit) => {
    const synced = await factories({ url: server.url, admin }).newMember({ tier });
    expect(synced.me.limits.invite).toBe(limit);
    // One invite gets used: used ones keep counting.
    const first = await createInvite(server.url, synced);
    await newMemberWithKey(first.key);
    for (let i = 1; i < limit; i++) await createInvite(server.url, synced);
    const refused = await api().post('/v1/invite').set(bearer(synced)).expect(403);
    expect(refused.body.msg.description).toContain(MSG.inviteLimitReached);
    const list = await api().get('/v1/invite').set(bearer(synced)).expect(200);
    expect(list.body.data).toMatchObject({ used: 1, pending: limit - 1 });

    // Deleting a pending invite frees its slot.
    const pending = list.body.data.invites.find((i: { used: string | null }) => i.used === null);
    await api().delete('/v1/invite').set(bearer(synced)).send({ invite_id: pending.id }).expect(200);
    await api().post('/v1/invite').set(bearer(synced)).expect(201);
  });

  it('never exceeds the limit when many invites are requested at once', async () => {
    const member = await newMember(server.url, admin);
    const results = await Promise.all(Array.from({ length: 6 }, () => api().post('/v1/invite').set(bearer(member))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 403, 403, 403, 403]);
    const list = await api().get('/v1/invite').set(bearer(member)).expect(200);
    expect(list.body.data.invites).toHaveLength(2);
  });

  it("deletes only the owner's unused invites: others' are 404, used ones are refused", async () => {
    const owner = await newMember(server.url, admin);
    const stranger = await newMember(server.url, admin);
    const pending = await createInvite(server.url, owner);
    const used = await createInvite(server.url, owner);
    await newMemberWithKey(used.key);

    const idor = await api().delete('/v1/invite').set(bearer(stranger)).send({ invite_id: pending.id }).expect(404);
    expect(idor.body.msg.description).toBe(MSG.inviteNotFound);
    await api().delete('/v1/invite').set(bearer(stranger)).send({ invite_id: 'not-a-uuid' }).expect(404);
    await api().delete('/v1/invite').set(bearer(stranger)).send({}).expect(400);
    const refused = await api().delete('/v1/invite').set(bearer(owner)).send({ invite_id: used.id }).expect(400);
    expect(refused.body.msg.description).toBe(MSG.inviteUsedCannotDelete);

    await api().delete('/v1/invite').set(bearer(owner)).send({ invite_id: pending.id }).expect(200);
    await api().delete('/v1/invite').set(bearer(owner)).send({ invite_id: pending.id }).expect(404);
    const list = await api().get('/v1/invite').set(bearer(owner)).expect(200);
    expect(list.body.data.invites.map((i: { id: string }) => i.id)).toEqual([used.id]);
    const check = await api().get(`/v1/validate_invite/${pending.key}`).expect(200);
    expect(check.body).toMatchObject({ data: { valid: false }, msg: { title: MSG.inviteInvalid } });
  });

  it('says an unknown, malformed, used or deleted key is invalid', async () => {
    const used = await waitlistInvite(server.url, admin, 'invitee@example.com');
    await newMemberWithKey(used.key);
    for (const key of ['0123456789ab', 'nonsense', used.key]) {
      const res = await api().get(`/v1/validate_invite/${key}`).expect(200);
      expect(res.body).toMatchObject({ data: { valid: false }, msg: { title: MSG.inviteInvalid } });
      expect(res.body.data.inviter).toBeUndefined();
    }
  });

  async function newMemberWithKey(key: string) {
    const username = `user_${Math.random().toString(36).slice(2, 9)}`;
    await api().post('/v1/create_account').send({
      email: `${username}@example.com`, username, password: 'password-1', verify_password: 'password-1', terms: true, invitation_key: key,
    }).expect(201);
  }
});
