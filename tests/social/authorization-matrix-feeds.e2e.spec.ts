import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/services';
import { call, eventCount, idsOf, startSocialWorld, WORLD_START_MS, type Session, type SocialWorld } from './helpers';

type Visibility = 'public' | 'unlisted' | 'private';
type Actor = 'visitor' | 'member' | 'owner' | 'admin';
const VISIBILITIES: Visibility[] = ['public', 'unlisted', 'private'];
const ACTORS: Actor[] = ['visitor', 'member', 'owner', 'admin'];

/**
 * Every endpoint of profiles, subscriptions, members, the stream, discover and notifications,
 * tried by a visitor, a member, the owner and an admin over the owner's public, unlisted and
 * private tracks. Lists and counts show each reader only what they may list (the owner all of
 * their own, everyone else the public ones, admins included); notifications are their member's
 * alone; nobody writes to anyone else's profile, subscriptions or notifications.
 * (Library, collections and comments have their own matrix.)
 */
describe('authorization matrix: profiles, subscriptions, members, stream, discover and notifications', () => {
  let world: SocialWorld;
  let notificationIds: string[];
  const failures: string[] = [];

  const session = (actor: Actor): Session | null =>
    actor === 'visitor' ? null : actor === 'member' ? world.stranger : actor === 'owner' ? world.owner : world.admin;
  const lists = (actor: Actor, visibility: Visibility) => actor === 'owner' || visibility === 'public';
  const listedCount = (actor: Actor) => VISIBILITIES.filter((visibility) => lists(actor, visibility)).length;

  async function check(actor: Actor, method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, expected: number, body?: object, query?: object) {
    const res = await call(world, session(actor), method, path, body, query);
    if (res.status !== expected) failures.push(`${actor} ${method.toUpperCase()} ${path}: ${res.status}, expected ${expected} ${JSON.stringify(res.body.msg ?? {})}`);
    return res;
  }
  const expectListed = (actor: Actor, where: string, ids: number[]) => {
    for (const visibility of VISIBILITIES) {
      const shown = ids.includes(world.tracks[visibility]);
      if (shown !== lists(actor, visibility)) failures.push(`${actor} ${where} shows the ${visibility} track: ${shown}`);
    }
  };
  const notificationsOf = async (who: Session) =>
    ((await call(world, who, 'get', '/v1/notifications', undefined, { limit: 50 }).expect(200)).body.data.notifications as { id: string }[]).map((n) => n.id);

  beforeAll(async () => {
    world = await startSocialWorld();
    // The member and the admin subscribe to the owner (so their streams carry the owner's uploads),
    // and the fan saves the two tracks they may open: the owner has three notifications.
    for (const reader of [world.stranger, world.admin, world.fan]) {
      await call(world, reader, 'post', '/v1/subscribe', { username: world.owner.me.username }).expect(200);
    }
    for (const track of [world.tracks.public, world.tracks.unlisted]) {
      await call(world, world.fan, 'post', '/v1/manage/library', { track_id: track }).expect(200);
    }
    notificationIds = await waitFor(async () => {
      const ids = await notificationsOf(world.owner);
      return ids.length === 5 ? ids : null;
    }, 20_000);
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });
  beforeEach(() => {
    failures.length = 0;
  });

  it('asks visitors to sign in everywhere but discover', async () => {
    const memberOnly: [('get' | 'post' | 'patch' | 'put' | 'delete'), string, object?][] = [
      ['get', '/v1/users'], ['get', `/v1/users/${world.owner.me.username}`],
      ['get', '/v1/subscribers'], ['get', '/v1/subscriptions'],
      ['post', '/v1/subscribe', { username: world.owner.me.username }], ['delete', '/v1/subscribe', { username: world.owner.me.username }],
      ['patch', '/v1/manage/user', { bio: 'taken' }], ['put', '/v1/manage/links', { links: [] }],
      ['get', '/v1/stream'], ['get', '/v1/notifications'], ['post', '/v1/notifications/delete-all'],
      ['delete', `/v1/notifications/${notificationIds[0]}`],
    ];
    const before = await eventCount(world);
    for (const [method, path, body] of memberOnly) await check('visitor', method, path, 401, body);
    await check('visitor', 'get', '/v1/discover', 200);
    expect(failures).toEqual([]);
    expect(await eventCount(world)).toBe(before);
  });

  it("lists and counts each reader only the owner's tracks they may list", async () => {
    for (const actor of ACTORS) {
      const discover = (await check(actor, 'get', '/v1/discover', 200)).body.data;
      // Discover is a public showcase: nobody, the owner included, finds an unlisted or private track there.
      for (const visibility of ['unlisted', 'private'] as const) {
        if (idsOf(discover.recent_tracks).includes(world.tracks[visibility])) failures.push(`${actor} discovers the ${visibility} track`);
      }
      if (!idsOf(discover.recent_tracks).includes(world.tracks.public)) failures.push(`${actor} does not discover the public track`);
      if (actor === 'visitor') continue;

      const profile = (await check(actor, 'get', `/v1/users/${world.owner.me.username}`, 200)).body.data.user;
      if (profile.stats?.audio_count !== listedCount(actor)) failures.push(`${actor} counts ${profile.stats?.audio_count} of the owner's tracks`);
      const members = (await check(actor, 'get', '/v1/users', 200, undefined, { search: world.owner.me.username, has_tracks: true })).body.data.users;
      const summary = members.find((user: { id: string }) => user.id === world.owner.me.id);
      if (summary?.audio_count !== listedCount(actor)) failures.push(`${actor} sees a track count of ${summary?.audio_count} in the member list`);
      // The owner cannot subscribe to themselves, so only the others have the owner's uploads in their stream.
      if (actor !== 'owner') expectListed(actor, 'stream', idsOf((await check(actor, 'get', '/v1/stream', 200, undefined, { limit: 50 })).body.data.tracks));
    }
    expect(failures).toEqual([]);
  });

  it('shows subscriptions and subscribers to everyone signed in, and lets nobody subscribe to themselves', async () => {
    const before = await eventCount(world);
    for (const actor of ['member', 'owner', 'admin'] as const) {
      const subscribers = (await check(actor, 'get', '/v1/subscribers', 200, undefined, { username: world.owner.me.username })).body.data.subscribers;
      if (subscribers.length !== 3) failures.push(`${actor} sees ${subscribers.length} subscribers of the owner`);
    }
    await check('owner', 'post', '/v1/subscribe', 403, { username: world.owner.me.username });
    expect(failures).toEqual([]);
    expect(await eventCount(world)).toBe(before);
  });

  it("keeps each member's notifications theirs: others neither read nor dismiss them", async () => {
    const before = await eventCount(world);
    for (const actor of ['member', 'admin'] as const) {
      const own = await notificationsOf(session(actor)!);
      if (own.some((id) => notificationIds.includes(id))) failures.push(`${actor} reads the owner's notifications`);
      for (const id of notificationIds) await check(actor, 'delete', `/v1/notifications/${id}`, 404);
    }
    expect(failures).toEqual([]);
    expect(await eventCount(world)).toBe(before);
    // Dismissing all of one's own leaves the owner's untouched.
    await check('member', 'post', '/v1/notifications/delete-all', 200);
    expect(await notificationsOf(world.owner)).toEqual(notificationIds);
    await check('owner', 'delete', `/v1/notifications/${notificationIds[0]}`, 200);
    expect(await notificationsOf(world.owner)).toEqual(notificationIds.slice(1));
    expect(failures).toEqual([]);
  });
});
