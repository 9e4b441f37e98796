import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile, patchUser, startSocialWorld, usernameOf, type Session, type SocialWorld } from './helpers';

const MB = 1024 * 1024;
const PROFILE_FIELDS = [
  'avatar', 'banner', 'bio', 'created', 'display_name', 'has_conversation', 'id', 'is_subscribed', 'limits', 'links', 'pinned_track_id', 'slug', 'stats',
  'storage_used', 'username',
];

describe('member profiles', () => {
  let world: SocialWorld;
  let nova: Session;
  let vega: Session;

  beforeAll(async () => {
    world = await startSocialWorld();
    [nova, vega] = await Promise.all([world.member(), world.member()]);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('shows every field of spec §3 User profile', async () => {
    const res = await getProfile(world, vega, usernameOf(nova)).expect(200);
    const user = res.body.data.user;
    expect(Object.keys(user).sort()).toEqual(PROFILE_FIELDS);
    expect(user).toMatchObject({
      id: nova.me.id, username: usernameOf(nova), slug: usernameOf(nova).toLowerCase(), avatar: null, banner: null, bio: null, display_name: null,
      links: [], pinned_track_id: null, is_subscribed: false, has_conversation: false,
      stats: { audio_count: 0, library_count: 0, comments_count: 0, subscriber_count: 0, subscription_count: 0 },
    });
    expect(Date.parse(user.created)).toBeGreaterThan(Date.now() - 10 * 60_000);
  });

  it('finds a member by username in any case, and answers 404 for nobody', async () => {
    const res = await getProfile(world, vega, usernameOf(nova).toUpperCase()).expect(200);
    expect(res.body.data.user.id).toBe(nova.me.id);
    const missing = await getProfile(world, vega, 'nobody_here').expect(404);
    expect(missing.body.msg.description).toBe("User 'nobody_here' not found");
  });

  it("shows the member's storage and tier limits; others see them only while the member shows them", async () => {
    const limits = { track: 256 * MB, invite: 2, storage: 1024 * MB };
    const own = (await getProfile(world, nova, usernameOf(nova)).expect(200)).body.data.user;
    expect(own).toMatchObject({ storage_used: 0, limits });
    expect((await getProfile(world, vega, usernameOf(nova)).expect(200)).body.data.user).toMatchObject({ storage_used: 0, limits });

    await patchUser(world, nova, { config: { show_storage_usage: false } }).expect(200);
    for (const viewer of [vega, world.admin]) {
      expect((await getProfile(world, viewer, usernameOf(nova)).expect(200)).body.data.user).toMatchObject({ storage_used: null, limits: null });
    }
    expect((await getProfile(world, nova, usernameOf(nova)).expect(200)).body.data.user).toMatchObject({ storage_used: 0, limits });
    await patchUser(world, nova, { config: { show_storage_usage: true } }).expect(200);
  });

  it('hides the stats from others while the member turns them off', async () => {
    await patchUser(world, vega, { config: { show_profile_stats: false } }).expect(200);
    expect((await getProfile(world, nova, usernameOf(vega)).expect(200)).body.data.user.stats).toBeNull();
    expect((await getProfile(world, vega, usernameOf(vega)).expect(200)).body.data.user.stats).toMatchObject({ audio_count: 0 });
    await patchUser(world, vega, { config: { show_profile_stats: true } }).expect(200);
    expect((await getProfile(world, nova, usernameOf(vega)).expect(200)).body.data.user.stats).not.toBeNull();
  });
});
