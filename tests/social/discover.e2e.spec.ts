import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories, type Factories, type Member } from '../support/factories';
import { waitFor } from '../support/services';
import { addToCollection, call, createCollection, idsOf, startSocialWorld, WORLD_START_MS, type Session, type SocialWorld } from './helpers';

interface Summary { id: string; is_subscribed: boolean; last_seen: string | null; bio: string | null }
interface Discover {
  recent_tracks: { id: number; in_library: boolean }[];
  newest_user: Summary | null;
  active_users: Summary[];
  tags: { id: number; name: string; slug: string; usage_count: number }[];
  recent_collection: { id: number; name: string; tracks: { id: number }[]; has_more_tracks: boolean } | null;
  stats: { total_tracks: number; total_users: number; total_collections: number };
}

const SUMMARY_FIELDS = ['audio_count', 'avatar', 'bio', 'display_name', 'id', 'is_subscribed', 'joined_at', 'last_seen', 'slug', 'subscriber_count', 'username'];

/**
 * GET /v1/discover: spec §3 Discover payload, for visitors and members alike. Only what is listed
 * to everyone shows or is counted: public tracks that are ready, public collections, tags used on
 * at least two such tracks.
 */
describe('discover: GET /v1/discover', () => {
  let world: SocialWorld;
  let make: Factories;
  let tagger: Member;
  let curator: Member;
  let newest: Member;
  /** The tagger's tracks: two public ones sharing a tag, and a private one. */
  let tagged: { first: number; second: number; hidden: number };
  let picks: number;

  beforeAll(async () => {
    world = await startSocialWorld();
    make = factories(world);
    [tagger, curator] = [await make.newMember(), await make.newMember()];
    tagged = {
      first: await make.newTrack({ owner: tagger, title: 'First light', tags: ['Ambient', 'Drone'] }),
      second: await make.newTrack({ owner: tagger, title: 'Second wind', tags: ['ambient', 'Night Drive'] }),
      hidden: await make.newTrack({ owner: tagger, title: 'Hidden', visibility: 'private', tags: ['Drone', 'Night Drive', 'Secret'] }),
    };
    picks = await createCollection(world, curator, { name: 'Picks' });
    for (const track of [world.tracks.public, world.tracks.unlisted]) await addToCollection(world, curator, picks, track);
    // Changed after the picks, yet none is shown: no track, not listed, or not public.
    await createCollection(world, curator, { name: 'Empty for now' });
    for (const visibility of ['unlisted', 'private']) {
      await addToCollection(world, curator, await createCollection(world, curator, { name: `Kept ${visibility}`, visibility }), tagged.first);
    }
    newest = await make.newMember();
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
    await make?.dispose();
  });

  const discover = async (viewer: Session | null): Promise<Discover> => {
    const res = await call(world, viewer, 'get', '/v1/discover');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Discover;
  };

  it('answers visitors with every field of the payload, listed content only', async () => {
    const view = await discover(null);
    expect(Object.keys(view).sort()).toEqual(['active_users', 'newest_user', 'recent_collection', 'recent_tracks', 'stats', 'tags']);
    // Newest first; the unlisted and private tracks stay out, their owners' included.
    expect(idsOf(view.recent_tracks)).toEqual([tagged.second, tagged.first, world.tracks.public]);
    expect(view.newest_user).toMatchObject({ id: newest.me.id, is_subscribed: false });
    expect(Object.keys(view.newest_user!).sort()).toEqual(SUMMARY_FIELDS);
    expect(view.recent_collection).toMatchObject({ id: picks, name: 'Picks', tracks: [{ id: world.tracks.public }], has_more_tracks: false });
    const members = (await call(world, world.admin, 'get', '/v1/users').expect(200)).body.data.total as number;
    expect(view.stats).toEqual({ total_tracks: 3, total_users: members, total_collections: 2 });
  });

  it('leaves out tags used once or less on listed tracks, most used first', async () => {
    // Tag counts are kept by a projection a moment behind the uploads.
    const view = await waitFor(async () => {
      const seen = await discover(null);
      return seen.tags.length > 0 ? seen : null;
    });
    // Drone and Night Drive are on one public track each (the private one does not count); Secret on none.
    expect(view.tags).toEqual([{ id: expect.any(Number), name: 'Ambient', slug: 'ambient', usage_count: 2 }]);
    expect((await discover(tagger)).tags).toEqual(view.tags);
  });

  it("shows members the same content with their own facts, and what each may see of the collection's tracks", async () => {
    await call(world, world.fan, 'post', '/v1/subscribe', { username: newest.me.username }).expect(200);
    await call(world, world.fan, 'post', '/v1/manage/library', { track_id: tagged.first }).expect(200);
    const view = await discover(world.fan);
    expect(view.newest_user).toMatchObject({ id: newest.me.id, is_subscribed: true });
    expect(view.recent_tracks.find((track) => track.id === tagged.first)).toMatchObject({ in_library: true });
    // The viewer's own private track is not discovered, even by them.
    expect(idsOf((await discover(tagger)).recent_tracks)).not.toContain(tagged.hidden);
    // In someone's collection the owner of an unlisted track sees it; no one else does, admins included.
    expect(idsOf((await discover(world.owner)).recent_collection!.tracks)).toEqual([world.tracks.public, world.tracks.unlisted]);
    expect(idsOf((await discover(world.admin)).recent_collection!.tracks)).toEqual([world.tracks.public]);
    expect((await discover(world.admin)).stats).toEqual((await discover(null)).stats);
  });

  it('lists the most recently active members first, the viewer among them', async () => {
    const view = await discover(world.stranger);
    expect(view.active_users[0]).toMatchObject({ id: world.stranger.me.id });
    const seen = view.active_users.map((user) => Date.parse(user.last_seen!));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(view.active_users.length).toBeLessThanOrEqual(10);
    expect(Object.keys(view.active_users[0]!).sort()).toEqual(SUMMARY_FIELDS);
  });

  it('follows visibility changes at once', async () => {
    await call(world, tagger, 'put', '/v1/manage/tracks', { track_id: tagged.second, title: 'Second wind', visibility: 'unlisted' }).expect(200);
    try {
      const view = await discover(null);
      expect(idsOf(view.recent_tracks)).toEqual([tagged.first, world.tracks.public]);
      expect(view.stats.total_tracks).toBe(2);
    } finally {
      await call(world, tagger, 'put', '/v1/manage/tracks', { track_id: tagged.second, title: 'Second wind', visibility: 'public' }).expect(200);
    }
    await call(world, curator, 'put', `/v1/manage/collections/${picks}`, { visibility: 'unlisted' }).expect(200);
    try {
      const view = await discover(null);
      expect(view.recent_collection).toBeNull();
      expect(view.stats.total_collections).toBe(1);
    } finally {
      await call(world, curator, 'put', `/v1/manage/collections/${picks}`, { visibility: 'public' }).expect(200);
    }
  });
});
