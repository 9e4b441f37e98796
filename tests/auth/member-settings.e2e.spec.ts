import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories } from '../support/factories';
import type { TestServer } from '../support/server';
import { ADMIN, bearer, login, startAuthServer, type Session } from './helpers';

describe("members' tiers and settings", () => {
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
  const setTier = (as: Session, userId: string, tier: unknown) => api().put(`/v1/admin/users/${userId}/tier`).set(bearer(as)).send({ tier });

  it("lets an admin move a member to another tier, which the member's next sign-in and requests carry", async () => {
    const member = await make.newMember();
    expect(member.me.tier.slug).toBe('free');
    const res = await setTier(admin, member.me.id, 'premium').expect(200);
    expect(res.body).toMatchObject({ status: 'success', data: { user: { id: member.me.id, tier: 'premium' } } });

    const again = await login(server.url, member.email, member.password);
    expect(again.me).toMatchObject({ tier: { slug: 'premium', features: { infinite_mode: true } }, limits: { invite: 6 } });
    // The access token issued before the change works with the new tier at once.
    expect((await api().post('/v1/tracks/infinite').set(bearer(member)).send({ limit: 1 })).status).toBe(200);

    const events = await api().get('/v1/admin/events').set(bearer(admin)).query({ stream: `user-${member.me.id}`, type: 'MemberTierChanged' }).expect(200);
    expect(events.body.data.events.map((e: { data: unknown; metadata: { actor: string } }) => [e.data, e.metadata.actor])).toEqual([
      [{ user_id: member.me.id, tier: 'premium', previous: 'free', by: admin.me.id }, admin.me.id],
    ]);
    // Setting the tier it already has records nothing more.
    await setTier(admin, member.me.id, 'premium').expect(200);
    const after = await api().get('/v1/admin/events').set(bearer(admin)).query({ stream: `user-${member.me.id}`, type: 'MemberTierChanged' }).expect(200);
    expect(after.body.data.events).toHaveLength(1);
  });

  it('refuses unknown tiers, unknown members, admins as targets, and anyone but an admin', async () => {
    const member = await make.newMember();
    for (const tier of ['gold', 'admin', '', null, 3]) {
      const res = await setTier(admin, member.me.id, tier).expect(400);
      expect(res.body).toMatchObject({ status: 'error', status_code: 400, msg: { description: 'tier must be one of free, core, premium' } });
    }
    const unknown = await setTier(admin, '00000000-0000-4000-8000-000000000000', 'core').expect(404);
    expect(unknown.body).toMatchObject({ status: 'error', status_code: 404 });
    await setTier(admin, 'not-a-user', 'core').expect(404);
    const adminTarget = await setTier(admin, admin.me.id, 'free').expect(409);
    expect(adminTarget.body.msg.description).toBe("An admin's tier follows the admin role");
    await setTier(member, member.me.id, 'premium').expect(404);
    await api().put(`/v1/admin/users/${member.me.id}/tier`).send({ tier: 'core' }).expect(401);
    const again = await login(server.url, member.email, member.password);
    expect(again.me.tier.slug).toBe('free');
  });

  it('saves a streaming quality above the tier as the best the tier has', async () => {
    const member = await make.newMember();
    const save = async (quality: string) => (await api().patch('/v1/manage/user').set(bearer(member)).send({ config: { streaming_quality: quality } }).expect(200)).body.me.config.streaming_quality;
    expect(await save('flac')).toBe('standard');
    expect(await save('high')).toBe('standard');
    await make.setTier(member, 'core');
    expect(await save('flac')).toBe('high');
    await make.setTier(member, 'premium');
    expect(await save('flac')).toBe('flac');
  });

});
