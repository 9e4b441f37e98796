import { profilesProjection, subscriptionsProjection } from '@stardeck/domain';
import { ProjectionAdmin } from '@stardeck/projector';
import { createLogger } from '@stardeck/infra';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getProfile, startSocialWorld, subscribe, usernameOf, type Session, type SocialWorld } from '../profiles/helpers';

const SUMMARY_FIELDS = ['audio_count', 'avatar', 'display_name', 'id', 'is_subscribed', 'joined_at', 'slug', 'subscriber_count', 'username'];

describe('subscriptions (spec §4 Subscribe, §7 Social)', () => {
  let world: SocialWorld;
  let artist: Session;
  let fans: Session[];

  beforeAll(async () => {
    world = await startSocialWorld();
    [artist, ...fans] = await Promise.all([world.member(), world.member(), world.member(), world.member()]);
  });
  afterAll(async () => {
    await world?.stop();
  });

  const list = (session: Session, path: 'subscribers' | 'subscriptions', query: Record<string, unknown> = {}) =>
    request(world.url).get(`/v1/${path}`).set(bearer(session)).query(query);
  const statsOf = async (viewer: Session, member: Session) => (await getProfile(world, viewer, usernameOf(member)).expect(200)).body.data.user;

  it('subscribes and unsubscribes, answering data.success, and both are idempotent', async () => {
    const [fan] = fans as [Session];
    for (let i = 0; i < 2; i += 1) {
      const res = await subscribe(world, fan, usernameOf(artist)).expect(200);
      expect(res.body.data).toEqual({ success: true });
    }
    expect(await statsOf(fan, artist)).toMatchObject({ is_subscribed: true, stats: { subscriber_count: 1 } });
    expect((await statsOf(fan, fan)).stats.subscription_count).toBe(1);
    for (let i = 0; i < 2; i += 1) expect((await subscribe(world, fan, usernameOf(artist), false).expect(200)).body.data).toEqual({ success: true });
    expect(await statsOf(fan, artist)).toMatchObject({ is_subscribed: false, stats: { subscriber_count: 0 } });
    expect((await statsOf(fan, fan)).stats.subscription_count).toBe(0);
  });

  it('names both members in the events, in the past tense', async () => {
    const [fan] = fans as [Session];
    await subscribe(world, fan, usernameOf(artist)).expect(200);
    await subscribe(world, fan, usernameOf(artist), false).expect(200);
    const events = await world.server.platform.database.db.selectFrom('events').select(['type', 'data', 'stream_id'])
      .where('stream_id', '=', `subscription-${fan.me.id}-${artist.me.id}`).orderBy('stream_version').execute();
    expect(events.slice(-2)).toMatchObject([
      { type: 'UserSubscribed', data: { subscriber_id: fan.me.id, subject_id: artist.me.id } },
      { type: 'UserUnsubscribed', data: { subscriber_id: fan.me.id, subject_id: artist.me.id } },
    ]);
  });

  it('refuses subscribing to oneself and to nobody, changing nothing', async () => {
    const before = await world.eventCount();
    for (const on of [true, false]) {
      const self = await subscribe(world, artist, usernameOf(artist).toUpperCase(), on).expect(403);
      expect(self.body.msg.description).toBe('You cannot subscribe to yourself');
      const nobody = await subscribe(world, artist, 'no_such_member', on).expect(404);
      expect(nobody.body.msg.description).toBe("User 'no_such_member' not found");
      const blank = await subscribe(world, artist, '  ', on).expect(400);
      expect(blank.body.errors).toEqual({ username: 'username is required' });
    }
    expect(await world.eventCount()).toBe(before);
    expect((await statsOf(artist, artist)).stats).toMatchObject({ subscriber_count: 0, subscription_count: 0 });
  });

  it('lists subscribers and subscriptions as user summaries, newest first, paged with total and has_more', async () => {
    for (const fan of fans) await subscribe(world, fan, usernameOf(artist)).expect(200);
    await subscribe(world, artist, usernameOf(fans[0]!)).expect(200);
    const page = await list(fans[1]!, 'subscribers', { username: usernameOf(artist), limit: 2 }).expect(200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.has_more).toBe(true);
    expect(page.body.data.subscribers.map((u: { id: string }) => u.id)).toEqual([fans[2]!.me.id, fans[1]!.me.id]);
    expect(Object.keys(page.body.data.subscribers[0]).sort()).toEqual(SUMMARY_FIELDS);
    const rest = await list(fans[1]!, 'subscribers', { username: usernameOf(artist), limit: 2, offset: 2 }).expect(200);
    expect(rest.body.data).toMatchObject({ total: 3, has_more: false });
    expect(rest.body.data.subscribers.map((u: { id: string }) => u.id)).toEqual([fans[0]!.me.id]);
    // Seen by fans[1]: fans[0] is someone the artist follows back, and fans[1] does not follow fans[0].
    expect(rest.body.data.subscribers[0]).toMatchObject({ subscriber_count: 1, is_subscribed: false });

    const following = await list(fans[0]!, 'subscriptions', { username: usernameOf(fans[0]!) }).expect(200);
    expect(following.body.data).toMatchObject({ total: 1, has_more: false });
    expect(following.body.data.subscriptions[0]).toMatchObject({ id: artist.me.id, subscriber_count: 3, is_subscribed: true });
    // Without a username, the viewer's own list.
    const mine = await list(artist, 'subscriptions').expect(200);
    expect(mine.body.data.subscriptions.map((u: { id: string }) => u.id)).toEqual([fans[0]!.me.id]);
    await list(artist, 'subscribers', { username: 'no_such_member' }).expect(404);
  });

  it('keeps exactly one subscription and right counts under 100 parallel subscribes', async () => {
    const fan = await world.member();
    const target = await world.member();
    const answers = await Promise.all(Array.from({ length: 100 }, () => subscribe(world, fan, usernameOf(target))));
    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
    const events = await world.server.platform.database.db.selectFrom('events').select('type')
      .where('stream_id', '=', `subscription-${fan.me.id}-${target.me.id}`).execute();
    expect(events).toEqual([{ type: 'UserSubscribed' }]);
    expect(await statsOf(fan, target)).toMatchObject({ is_subscribed: true, stats: { subscriber_count: 1 } });
    expect((await statsOf(fan, fan)).stats.subscription_count).toBe(1);
    const subscribers = await list(fan, 'subscribers', { username: usernameOf(target) }).expect(200);
    expect(subscribers.body.data.total).toBe(1);
    const toggles = await Promise.all(Array.from({ length: 100 }, (_, i) => subscribe(world, fan, usernameOf(target), i % 2 === 1)));
    expect(toggles.every((res) => res.status === 200)).toBe(true);
    const count = (await statsOf(fan, target)).stats.subscriber_count;
    const last = await world.server.platform.database.db.selectFrom('events').select('type')
      .where('stream_id', '=', `subscription-${fan.me.id}-${target.me.id}`).orderBy('stream_version', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(count).toBe(last.type === 'UserSubscribed' ? 1 : 0);
  });

  it('rebuilds the profile and subscription read models from the log to the same rows', async () => {
    await request(world.url).patch('/v1/manage/user').set(bearer(artist)).send({ bio: 'rebuilt', display_name: 'Artist', config: { motd: 'hi' } }).expect(200);
    await request(world.url).put('/v1/manage/links').set(bearer(artist)).send({ links: [{ url: 'artist.example' }] }).expect(200);
    const db = world.server.platform.database.db;
    const tables = async () => ({
      profiles: await db.selectFrom('profiles').selectAll().orderBy('user_id').execute(),
      subscriptions: await db.selectFrom('subscriptions').selectAll().orderBy('subscriber_id').orderBy('subject_id').execute(),
      counts: await db.selectFrom('subscription_counts').selectAll().orderBy('user_id').execute(),
    });
    const live = await tables();
    expect(live.profiles.length).toBeGreaterThan(0);
    expect(live.subscriptions.length).toBeGreaterThan(3);
    const { store, bus, locks } = world.server.platform;
    const admin = new ProjectionAdmin([profilesProjection, subscriptionsProjection], store, bus, locks, createLogger('silent'));
    for (const projection of [profilesProjection, subscriptionsProjection]) await admin.rebuild(projection.name);
    expect(await tables()).toEqual(live);
  });
});
