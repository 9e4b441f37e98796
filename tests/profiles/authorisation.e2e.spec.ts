import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { bearer, member, startTracksWorld, uploadTrack, type Session, type TracksWorld } from '../tracks/helpers';

type Actor = 'visitor' | 'member' | 'owner' | 'admin';
const ACTORS: Actor[] = ['visitor', 'member', 'owner', 'admin'];

/**
 * Every profile and subscription endpoint, tried by a visitor, another member, the owner and an
 * admin, with the owner's tracks public, unlisted and private: nothing private leaks, and each
 * one changes only their own profile.
 */
describe('profiles and subscriptions: who may do what', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let owner: Session;
  let other: Session;
  let png: Buffer;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
    [owner, other] = await Promise.all([member(world), member(world)]);
    const mp3 = await fixtures.make('mp3');
    for (const visibility of ['public', 'unlisted', 'private']) await uploadTrack(world, owner, mp3, { visibility });
    await request(world.url).patch('/v1/manage/user').set(bearer(owner))
      .send({ bio: 'owner bio', display_name: 'Owner', config: { show_storage_usage: false, motd: 'private note' } }).expect(200);
    png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  const session = (actor: Actor): Session | null => ({ visitor: null, member: other, owner, admin: world.admin })[actor];
  const as = (actor: Actor, req: request.Test) => {
    const who = session(actor);
    return who ? req.set(bearer(who)) : req;
  };
  const ownerName = () => String(owner.me.username);
  const ownerRow = () => world.server.platform.database.db.selectFrom('profiles').selectAll().where('user_id', '=', owner.me.id).executeTakeFirstOrThrow();
  const events = async () => Number((await world.server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const ENDPOINTS: { name: string; call: (actor: Actor) => request.Test }[] = [
    { name: 'GET /v1/users/{username}', call: (a) => as(a, request(world.url).get(`/v1/users/${ownerName()}`)) },
    { name: 'GET /v1/users', call: (a) => as(a, request(world.url).get('/v1/users')) },
    { name: 'GET /v1/subscribers', call: (a) => as(a, request(world.url).get('/v1/subscribers').query({ username: ownerName() })) },
    { name: 'GET /v1/subscriptions', call: (a) => as(a, request(world.url).get('/v1/subscriptions').query({ username: ownerName() })) },
    { name: 'PATCH /v1/manage/user', call: (a) => as(a, request(world.url).patch('/v1/manage/user')).send({ bio: `${a} bio`, user_id: owner.me.id, username: ownerName() }) },
    { name: 'PUT /v1/manage/links', call: (a) => as(a, request(world.url).put('/v1/manage/links')).send({ links: [{ url: `${a}.example` }], user_id: owner.me.id }) },
    { name: 'POST /v1/manage/avatar', call: (a) => as(a, request(world.url).post('/v1/manage/avatar')).attach('avatar', png, 'a.png') },
    { name: 'POST /v1/manage/banner', call: (a) => as(a, request(world.url).post('/v1/manage/banner')).attach('banner', png, 'b.png') },
    { name: 'POST /v1/subscribe', call: (a) => as(a, request(world.url).post('/v1/subscribe')).send({ username: ownerName(), subscriber_id: owner.me.id }) },
    { name: 'DELETE /v1/subscribe', call: (a) => as(a, request(world.url).delete('/v1/subscribe')).send({ username: ownerName(), subscriber_id: owner.me.id }) },
  ];

  it('answers a visitor 401 in the envelope on every endpoint, and writes nothing', async () => {
    const before = await events();
    for (const endpoint of ENDPOINTS) {
      const res = await endpoint.call('visitor');
      expect(res.status, endpoint.name).toBe(401);
      expect(res.body, endpoint.name).toMatchObject({ status: 'error', status_code: 401, msg: { title: expect.any(String), description: expect.any(String) } });
    }
    expect(await events()).toBe(before);
  });

  it("lets everyone else in, and changes only the caller's own profile", async () => {
    const expected: Record<string, number> = { 'POST /v1/subscribe': 200, 'DELETE /v1/subscribe': 200 };
    for (const actor of ['member', 'admin', 'owner'] as const) {
      const before = await ownerRow();
      for (const endpoint of ENDPOINTS) {
        const res = await endpoint.call(actor);
        const status = actor === 'owner' && endpoint.name.endsWith('/subscribe') ? 403 : expected[endpoint.name] ?? 200;
        expect(res.status, `${actor} ${endpoint.name}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(status);
      }
      const after = await ownerRow();
      if (actor === 'owner') {
        expect(after.bio).toBe('owner bio');
        expect(after.links).toMatchObject([{ url: 'https://owner.example/' }]);
        expect(after.avatar_key).not.toBe(before.avatar_key);
      } else {
        expect(after).toEqual(before);
      }
    }
    const written = await world.server.platform.database.db.selectFrom('events').select(['stream_id', 'metadata'])
      .where('stream_id', '=', `profile-${owner.me.id}`).execute();
    expect(written.every((event) => (event.metadata as { actor: string }).actor === owner.me.id)).toBe(true);
    const others = await world.server.platform.database.db.selectFrom('profiles').select(['user_id', 'bio']).where('user_id', 'in', [other.me.id, world.admin.me.id]).execute();
    expect(new Map(others.map((row) => [row.user_id, row.bio]))).toEqual(new Map([[other.me.id, 'member bio'], [world.admin.me.id, 'admin bio']]));
  });

  it("shows others the owner's listed tracks only, and no storage, settings or account data", async () => {
    for (const actor of ACTORS.filter((a) => a !== 'visitor')) {
      const profile = (await as(actor, request(world.url).get(`/v1/users/${ownerName()}`)).expect(200)).body.data.user;
      const listed = (await as(actor, request(world.url).get('/v1/users').query({ search: ownerName() })).expect(200)).body.data.users;
      const own = actor === 'owner';
      expect(profile.stats.audio_count, actor).toBe(own ? 3 : 1);
      expect(listed.map((u: { audio_count: number }) => u.audio_count), actor).toEqual([own ? 3 : 1]);
      expect(profile.storage_used === null, actor).toBe(!own);
      expect(profile.limits === null, actor).toBe(!own);
      for (const body of [profile, listed]) {
        const text = JSON.stringify(body);
        for (const secret of [String(owner.me.email), 'private note', 'password', '$argon2']) expect(text.includes(secret), `${actor} sees ${secret}`).toBe(false);
      }
    }
  });

  it('hides the stats from everyone but the owner while the owner hides them', async () => {
    await request(world.url).patch('/v1/manage/user').set(bearer(owner)).send({ config: { show_profile_stats: false } }).expect(200);
    for (const actor of ['member', 'admin', 'owner'] as const) {
      const profile = (await as(actor, request(world.url).get(`/v1/users/${ownerName()}`)).expect(200)).body.data.user;
      expect(profile.stats === null, actor).toBe(actor !== 'owner');
    }
  });
});
