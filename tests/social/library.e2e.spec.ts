import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTrack } from '../tracks/helpers';
import { addToCollection, call, createCollection, eventCount, idsOf, startSocialWorld, WORLD_START_MS, type SocialWorld } from './helpers';

describe('library: saving tracks, a member\'s library, who saved a track', () => {
  let world: SocialWorld;

  beforeAll(async () => {
    world = await startSocialWorld();
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });

  const save = (session: SocialWorld['fan'], trackId: number) => call(world, session, 'post', '/v1/manage/library', { track_id: trackId });
  const unsave = (session: SocialWorld['fan'], trackId: number) => call(world, session, 'delete', '/v1/manage/library', { track_id: trackId });
  const library = (username: string, viewer: SocialWorld['fan'] | null, query: object = {}) =>
    call(world, viewer, 'get', `/v1/library/user/${username}`, undefined, query);
  const track = async (viewer: SocialWorld['fan'] | null, id: number) => (await call(world, viewer, 'get', `/v1/tracks/${id}`)).body.data.track;

  it('saves a track once however often it is saved, and shows it on the track and in the library', async () => {
    const { fan, stranger, owner } = world;
    const first = await save(fan, world.tracks.public);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ track_id: world.tracks.public, in_library: true, saved_by_count: 1 });
    expect((await save(fan, world.tracks.public)).body.data.saved_by_count).toBe(1);

    expect(await track(fan, world.tracks.public)).toMatchObject({ in_library: true, saved_by_count: 1 });
    expect(await track(stranger, world.tracks.public)).toMatchObject({ in_library: false, saved_by_count: 1 });
    expect(await track(null, world.tracks.public)).toMatchObject({ in_library: false, saved_by_count: 1 });
    const listed = await call(world, fan, 'get', '/v1/tracks', undefined, { username: owner.me.username });
    expect(listed.body.data.tracks.find((t: { id: number }) => t.id === world.tracks.public)).toMatchObject({ in_library: true, saved_by_count: 1 });

    const page = await library(fan.me.username, stranger);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total_tracks: 1, has_more: false });
    expect(page.body.data.tracks[0]).toMatchObject({ id: world.tracks.public, title: 'Open Sky', in_library: false });
    expect(Date.parse(page.body.data.tracks[0].saved_at)).not.toBeNaN();

    const savers = await call(world, stranger, 'get', `/v1/tracks/${world.tracks.public}/saved_by`);
    expect(savers.body.data).toMatchObject({ total: 1, has_more: false });
    expect(savers.body.data.users).toEqual([expect.objectContaining({
      id: fan.me.id, user_id: fan.me.id, username: fan.me.username, saved_track_id: world.tracks.public, avatar: null,
    })]);

    const removed = await unsave(fan, world.tracks.public);
    expect(removed.body.data).toEqual({ track_id: world.tracks.public, in_library: false, saved_by_count: 0, affected_collections: [] });
    expect((await unsave(fan, world.tracks.public)).status).toBe(200);
    expect(await track(fan, world.tracks.public)).toMatchObject({ in_library: false, saved_by_count: 0 });
    expect((await library(fan.me.username, fan)).body.data).toMatchObject({ tracks: [], total_tracks: 0 });
  });

  it('refuses to save a track the member may not open, like a missing one, and writes nothing', async () => {
    const before = await eventCount(world);
    const res = await save(world.fan, world.tracks.private);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', msg: { description: 'Track not found' } });
    expect((await save(world.fan, 999_999)).status).toBe(404);
    expect(await eventCount(world)).toBe(before);
    expect((await call(world, world.fan, 'get', `/v1/tracks/${world.tracks.private}/saved_by`)).status).toBe(404);
    expect((await call(world, null, 'post', '/v1/manage/library', { track_id: world.tracks.public })).status).toBe(401);
  });

  it('shows a member their saved unlisted track, and other readers of their library only listed ones', async () => {
    const { fan, stranger } = world;
    await save(fan, world.tracks.unlisted);
    await save(fan, world.tracks.public);
    expect(idsOf((await library(fan.me.username, fan)).body.data.tracks)).toEqual([world.tracks.public, world.tracks.unlisted]);
    for (const viewer of [stranger, null]) {
      const seen = (await library(fan.me.username, viewer)).body.data;
      expect(idsOf(seen.tracks)).toEqual([world.tracks.public]);
      expect(seen.total_tracks).toBe(1);
    }
    // The owner made their track private: the fan keeps the entry but no longer sees it.
    await call(world, world.owner, 'put', '/v1/manage/tracks', { track_id: world.tracks.unlisted, title: 'Side Door', visibility: 'private' }).expect(200);
    expect(idsOf((await library(fan.me.username, fan)).body.data.tracks)).toEqual([world.tracks.public]);
    await call(world, world.owner, 'put', '/v1/manage/tracks', { track_id: world.tracks.unlisted, title: 'Side Door', visibility: 'unlisted' }).expect(200);
    await unsave(fan, world.tracks.unlisted);
    await unsave(fan, world.tracks.public);
  });

  it("takes a removed track out of the member's own collections, and only theirs", async () => {
    const { fan, owner } = world;
    const first = await createCollection(world, fan, { name: 'First' });
    const second = await createCollection(world, fan, { name: 'Second' });
    const untouched = await createCollection(world, fan, { name: 'Untouched' });
    const others = await createCollection(world, owner, { name: 'Owner' });
    await save(fan, world.tracks.public);
    for (const id of [first, second]) await addToCollection(world, fan, id, world.tracks.public);
    await addToCollection(world, fan, untouched, world.tracks.unlisted);
    await addToCollection(world, owner, others, world.tracks.public);

    const res = await unsave(fan, world.tracks.public);
    expect(res.body.data.affected_collections).toEqual([first, second]);
    const tracksOf = async (id: number) => idsOf((await call(world, fan, 'get', `/v1/collections/${id}`)).body.data.collection.tracks);
    expect(await tracksOf(first)).toEqual([]);
    expect(await tracksOf(second)).toEqual([]);
    expect(await tracksOf(untouched)).toEqual([world.tracks.unlisted]);
    expect(await tracksOf(others)).toEqual([world.tracks.public]);
  });

  it('pages a library and the list of savers', async () => {
    const { fan, stranger, owner } = world;
    for (const session of [fan, stranger, owner]) await save(session, world.tracks.public);
    const savers = await call(world, fan, 'get', `/v1/tracks/${world.tracks.public}/saved_by`, undefined, { limit: 2, offset: 0 });
    expect(savers.body.data).toMatchObject({ total: 3, has_more: true });
    expect(savers.body.data.users).toHaveLength(2);
    const rest = await call(world, fan, 'get', `/v1/tracks/${world.tracks.public}/saved_by`, undefined, { limit: 2, offset: 2 });
    expect(rest.body.data).toMatchObject({ total: 3, has_more: false });
    // Most recent saver first.
    expect(savers.body.data.users[0].id).toBe(owner.me.id);

    const extra = await uploadTrack(world, owner, world.mp3, { visibility: 'public', title: 'Extra' });
    await save(fan, extra);
    const firstPage = await library(fan.me.username, fan, { limit: 1 });
    expect(firstPage.body.data).toMatchObject({ total_tracks: 2, has_more: true });
    expect(idsOf(firstPage.body.data.tracks)).toEqual([extra]);
    expect(idsOf((await library(fan.me.username, fan, { limit: 1, offset: 1 })).body.data.tracks)).toEqual([world.tracks.public]);
    expect((await library('nobody-here', fan)).status).toBe(404);

    // A deleted track leaves every library.
    await call(world, owner, 'delete', '/v1/manage/tracks', { track_id: extra }).expect(200);
    expect(idsOf((await library(fan.me.username, fan)).body.data.tracks)).toEqual([world.tracks.public]);
  });
});
