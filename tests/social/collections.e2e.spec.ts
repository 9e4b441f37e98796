import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../tracks/helpers';
import { addToCollection, call, createCollection, eventCount, idsOf, startSocialWorld, WORLD_START_MS, type Session, type SocialWorld } from './helpers';
import { absoluteUrl } from '../support/urls';

describe('collections: editing, tracks, following and every list', () => {
  let world: SocialWorld;

  beforeAll(async () => {
    world = await startSocialWorld();
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });

  const get = (viewer: Session | null, id: number, query: object = {}) => call(world, viewer, 'get', `/v1/collections/${id}`, undefined, query);
  const follow = (session: Session, id: number) => call(world, session, 'post', `/v1/manage/collections/${id}/follow`);
  const unfollow = (session: Session, id: number) => call(world, session, 'delete', `/v1/manage/collections/${id}/follow`);
  const names = (res: { body: { data: { collections: { name: string }[] } } }) => res.body.data.collections.map((c) => c.name);

  it('creates a collection and answers with the whole spec §3 Collection', async () => {
    const res = await call(world, world.fan, 'post', '/v1/manage/collections', {
      name: '  Night Drive  ', description: 'songs for late roads', visibility: 'unlisted', username: 'ignored',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.msg).toEqual({ title: 'Collection', description: 'Collection created' });
    expect(res.body.data.collection).toEqual({
      id: expect.any(Number), name: 'Night Drive', slug: 'night-drive', description: 'songs for late roads', visibility: 'unlisted',
      user_id: world.fan.me.id, username: world.fan.me.username, display_name: null, user_avatar: null, artwork: null,
      created: expect.any(String), updated: expect.any(String), track_count: 0, followers_count: 0, follower_count: 0, is_following: false,
      tracks: [], has_more_tracks: false,
    });
  });

  it('edits only the fields sent, and lets nobody else edit or delete, answering like a missing collection', async () => {
    const id = await createCollection(world, world.fan, { name: 'Mixtape', description: 'first', visibility: 'public' });
    const edited = await call(world, world.fan, 'put', `/v1/manage/collections/${id}`, { visibility: 'private' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.collection).toMatchObject({ name: 'Mixtape', description: 'first', visibility: 'private' });
    await call(world, world.fan, 'put', `/v1/manage/collections/${id}`, { visibility: 'public', name: 'Mixtape II' }).expect(200);

    const before = await eventCount(world);
    for (const stranger of [world.stranger, world.owner]) {
      expect((await call(world, stranger, 'put', `/v1/manage/collections/${id}`, { name: 'Mine' })).status).toBe(404);
      expect((await call(world, stranger, 'delete', `/v1/manage/collections/${id}`)).status).toBe(404);
      expect((await call(world, stranger, 'post', `/v1/manage/collections/${id}/tracks`, { track_id: world.tracks.public })).status).toBe(404);
    }
    expect(await eventCount(world)).toBe(before);

    const removed = await call(world, world.fan, 'delete', `/v1/manage/collections/${id}`);
    expect(removed.body).toMatchObject({ status: 'success', msg: { description: 'Collection deleted' } });
    expect((await get(world.fan, id)).status).toBe(404);
    expect((await call(world, world.fan, 'delete', `/v1/manage/collections/${id}`)).body.msg.title).toBe('Failed to delete collection');
  });

  it('stores artwork from base64 like a track, removes it on request, and refuses what is not an image', async () => {
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#3355ff' } }).png().toBuffer();
    const id = await createCollection(world, world.fan, { name: 'With art', artwork_data: png.toString('base64'), artwork_mimetype: 'image/png' });
    const url = (await get(world.fan, id)).body.data.collection.artwork as string;
    const image = await fetch(absoluteUrl(world.url, url));
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(600);
    const key = (await world.server.platform.database.db.selectFrom('collections').select('artwork_key').where('id', '=', id).executeTakeFirstOrThrow()).artwork_key!;

    const cleared = await call(world, world.fan, 'put', `/v1/manage/collections/${id}`, { remove_artwork: true });
    expect(cleared.body.data.collection.artwork).toBeNull();
    expect(await world.server.platform.storage.head(key)).toBeNull();

    const before = await eventCount(world);
    const bad = await call(world, world.fan, 'post', '/v1/manage/collections', { name: 'Bad art', artwork_data: Buffer.from('not an image').toString('base64') });
    expect(bad.status).toBe(400);
    expect(bad.body.msg.description).toBe('Invalid artwork format. Please use jpg, png, gif, or webp.');
    expect(await eventCount(world)).toBe(before);
  });

  it('adds and removes tracks once each, keeps their order and pages them', async () => {
    const id = await createCollection(world, world.owner, { name: 'Ordered' });
    await addToCollection(world, world.owner, id, world.tracks.unlisted);
    await addToCollection(world, world.owner, id, world.tracks.public);
    const again = await call(world, world.owner, 'post', `/v1/manage/collections/${id}/tracks`, { track_id: world.tracks.public });
    expect(again.body.data).toEqual({ collection_id: id, track_id: world.tracks.public, in_collection: true, track_count: 2 });
    expect(idsOf((await get(world.owner, id)).body.data.collection.tracks)).toEqual([world.tracks.unlisted, world.tracks.public]);

    const firstPage = (await get(world.owner, id, { limit: 1 })).body.data.collection;
    expect(firstPage).toMatchObject({ track_count: 2, has_more_tracks: true });
    expect(idsOf(firstPage.tracks)).toEqual([world.tracks.unlisted]);
    expect((await get(world.owner, id, { limit: 1, offset: 1 })).body.data.collection.has_more_tracks).toBe(false);

    const removed = await call(world, world.owner, 'delete', `/v1/manage/collections/${id}/tracks/${world.tracks.unlisted}`);
    expect(removed.body.data).toMatchObject({ in_collection: false, track_count: 1 });
    expect((await call(world, world.owner, 'delete', `/v1/manage/collections/${id}/tracks/${world.tracks.unlisted}`)).status).toBe(200);

    // A track the member may not open cannot be added; someone else's unlisted one can (they have its link).
    expect((await call(world, world.fan, 'post', `/v1/manage/collections/${await createCollection(world, world.fan)}/tracks`, { track_id: world.tracks.private })).status).toBe(404);
  });

  it("never lists a track to a reader who may not see it, counts included", async () => {
    const id = await createCollection(world, world.owner, { name: 'Mixed' });
    for (const track of [world.tracks.public, world.tracks.unlisted, world.tracks.private]) await addToCollection(world, world.owner, id, track);
    const own = (await get(world.owner, id)).body.data.collection;
    expect(own.track_count).toBe(3);
    for (const viewer of [world.fan, null]) {
      const seen = (await get(viewer, id)).body.data.collection;
      expect(idsOf(seen.tracks)).toEqual([world.tracks.public]);
      expect(seen.track_count).toBe(1);
      const listed = (await call(world, viewer, 'get', `/v1/collections/user/${world.owner.me.username}`)).body.data.collections;
      expect(listed.find((c: { id: number }) => c.id === id).track_count).toBe(1);
    }
    // The fan saved the unlisted track by its link and collects it: the fan sees it, readers of the fan's collection do not.
    const fans = await createCollection(world, world.fan, { name: 'Found' });
    await addToCollection(world, world.fan, fans, world.tracks.unlisted);
    expect(idsOf((await get(world.fan, fans)).body.data.collection.tracks)).toEqual([world.tracks.unlisted]);
    expect((await get(world.stranger, fans)).body.data.collection).toMatchObject({ tracks: [], track_count: 0 });
  });

  it('follows idempotently, never counts below zero, and refuses one\'s own collection', async () => {
    const id = await createCollection(world, world.owner, { name: 'Followed' });
    const first = await follow(world.fan, id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ collection_id: id, is_following: true, followers_count: 1, follower_count: 1 });
    expect((await follow(world.fan, id)).body.data.followers_count).toBe(1);
    expect((await get(world.fan, id)).body.data.collection).toMatchObject({ is_following: true, followers_count: 1 });
    expect((await get(world.stranger, id)).body.data.collection.is_following).toBe(false);
    expect((await unfollow(world.fan, id)).body.data).toMatchObject({ is_following: false, followers_count: 0 });
    expect((await unfollow(world.fan, id)).body.data.followers_count).toBe(0);
    expect((await unfollow(world.stranger, id)).body.data.followers_count).toBe(0);

    const own = await follow(world.owner, id);
    expect(own.status).toBe(403);
    expect(own.body.msg.description).toBe('You cannot follow your own collection');
    expect((await follow(world.fan, 999_999)).status).toBe(404);
  });

  it('lists followed collections while the follower may open them, and lets them stop following a hidden one', async () => {
    const follower = await member(world);
    const shown = await createCollection(world, world.owner, { name: 'Shown', visibility: 'unlisted' });
    const hidden = await createCollection(world, world.owner, { name: 'Soon hidden' });
    await follow(follower, shown).expect(200);
    await follow(follower, hidden).expect(200);
    const followed = () => call(world, follower, 'get', '/v1/collections/followed');
    expect(idsOf((await followed()).body.data.collections)).toEqual([hidden, shown]);
    await call(world, world.owner, 'put', `/v1/manage/collections/${hidden}`, { visibility: 'private' }).expect(200);
    expect(idsOf((await followed()).body.data.collections)).toEqual([shown]);
    expect((await follow(world.stranger, hidden)).status).toBe(404);
    expect((await unfollow(follower, hidden)).body.data).toMatchObject({ is_following: false, followers_count: 0 });
    expect((await unfollow(follower, hidden)).status).toBe(404);
    expect((await call(world, null, 'get', '/v1/collections/followed')).status).toBe(401);
  });

  it("lists another member's follows as listed to the viewer, and their own in full to them", async () => {
    const follower = await member(world);
    const listed = await createCollection(world, world.owner, { name: 'Listed' });
    const unlisted = await createCollection(world, world.owner, { name: 'By link only', visibility: 'unlisted' });
    await follow(follower, listed).expect(200);
    await follow(follower, unlisted).expect(200);
    const followedBy = (viewer: Session, query: object) => call(world, viewer, 'get', '/v1/collections/followed', undefined, query);
    const seen = await followedBy(world.stranger, { username: follower.me.username });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data).toMatchObject({ total: 1, has_more: false });
    expect(idsOf(seen.body.data.collections)).toEqual([listed]);
    expect(idsOf((await followedBy(follower, { username: follower.me.username.toUpperCase() })).body.data.collections)).toEqual([unlisted, listed]);
    expect((await followedBy(world.stranger, { username: 'nobody_here_at_all' })).status).toBe(404);
  });

  it("lists a member's collections by visibility: everything to the owner, public ones to everyone else", async () => {
    const lister = await member(world);
    const pub = await createCollection(world, lister, { name: 'Pub', visibility: 'public' });
    const unl = await createCollection(world, lister, { name: 'Unl', visibility: 'unlisted' });
    const priv = await createCollection(world, lister, { name: 'Priv', visibility: 'private' });
    const byUser = (viewer: Session | null) => call(world, viewer, 'get', `/v1/collections/user/${lister.me.username}`);
    expect(idsOf((await byUser(lister)).body.data.collections)).toEqual([priv, unl, pub]);
    expect((await byUser(world.fan)).body.data).toMatchObject({ total: 1, has_more: false });
    expect(idsOf((await byUser(null)).body.data.collections)).toEqual([pub]);
    expect(idsOf((await call(world, lister, 'get', '/v1/manage/collections')).body.data.collections)).toEqual([priv, unl, pub]);
    expect((await call(world, lister, 'get', '/v1/manage/collections', undefined, { limit: 2 })).body.data).toMatchObject({ total: 3, has_more: true });
    expect((await call(world, world.fan, 'get', '/v1/collections/user/nobody-here')).status).toBe(404);
    for (const viewer of [world.fan, null]) {
      expect((await get(viewer, priv)).status).toBe(404);
      expect((await get(viewer, unl)).status).toBe(200);
    }
  });

  it('explores collections: search by name or description, a member, visibilities, and every sort', async () => {
    const curator = await member(world);
    const aurora = await createCollection(world, curator, { name: 'Aurora borealis', description: 'cold light' });
    const basalt = await createCollection(world, curator, { name: 'basalt', description: 'volcanic aurora hum' });
    const cinder = await createCollection(world, curator, { name: 'Cinder', visibility: 'unlisted' });
    await addToCollection(world, curator, basalt, world.tracks.public);
    // Aurora changes last: it leads by update while basalt, created later, leads by creation.
    await addToCollection(world, curator, aurora, world.tracks.public);
    await call(world, curator, 'delete', `/v1/manage/collections/${aurora}/tracks/${world.tracks.public}`).expect(200);
    const explore = (viewer: Session | null, query: object) =>
      call(world, viewer, 'get', '/v1/collections', undefined, { username: curator.me.username, ...query });

    expect(idsOf((await explore(world.fan, { search: 'AURORA' })).body.data.collections).sort()).toEqual([aurora, basalt].sort());
    expect(idsOf((await explore(world.fan, { search: 'volcan' })).body.data.collections)).toEqual([basalt]);
    expect(idsOf((await explore(world.fan, { search: '100%' })).body.data.collections)).toEqual([]);
    expect(names(await explore(world.fan, { sort_key: 'name', sort_dir: 'asc' }))).toEqual(['Aurora borealis', 'basalt']);
    expect(names(await explore(world.fan, { sort_key: 'track_count', sort_dir: 'desc' }))[0]).toBe('basalt');
    expect(names(await explore(world.fan, { sort_key: 'updated', sort_dir: 'desc' }))).toEqual(['Aurora borealis', 'basalt']);
    expect(names(await explore(world.fan, { sort_key: 'created', sort_dir: 'desc' }))).toEqual(['basalt', 'Aurora borealis']);
    expect(names(await explore(world.fan, {}))).toEqual(['basalt', 'Aurora borealis']);
    expect((await explore(world.fan, { sort_key: 'random' })).body.data.total).toBe(2);
    // Others never get someone's unlisted collections listed, whatever they ask for; the owner does.
    expect(idsOf((await explore(world.fan, { visibility: 'unlisted,private' })).body.data.collections)).toEqual([]);
    expect(idsOf((await explore(curator, { visibility: 'unlisted' })).body.data.collections)).toEqual([cinder]);
    expect((await explore(world.fan, { username: 'nobody-here' })).body.data).toEqual({ collections: [], total: 0, has_more: false });
    expect((await explore(null, { limit: 1 })).body.data).toMatchObject({ total: 2, has_more: true });
  });

  it('lists the collections that hold a track, filtered by member, and counts them on the track', async () => {
    const a = await member(world);
    const b = await member(world);
    const ca = await createCollection(world, a, { name: 'A' });
    const cb = await createCollection(world, b, { name: 'B' });
    const hiddenB = await createCollection(world, b, { name: 'B private', visibility: 'private' });
    for (const [session, id] of [[a, ca], [b, cb], [b, hiddenB]] as const) await addToCollection(world, session, id, world.tracks.public);
    const forTrack = (viewer: Session | null, query: object = {}) =>
      call(world, viewer, 'get', `/v1/tracks/${world.tracks.public}/collections`, undefined, query);

    const all = (await forTrack(a)).body.data;
    expect(all.collections.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([ca, cb]));
    expect(all.collections.map((c: { id: number }) => c.id)).not.toContain(hiddenB);
    expect(idsOf((await forTrack(b, { user_id: b.me.id })).body.data.collections)).toEqual([hiddenB, cb]);
    expect((await forTrack(b, { user_id: b.me.id })).body.data).toMatchObject({ total_collections: 2, has_more: false });
    expect((await forTrack(a, { user_id: b.me.id })).body.data.total_collections).toBe(1);
    expect((await forTrack(a, { limit: 1 })).body.data.has_more).toBe(true);
    const onTrack = (await call(world, b, 'get', `/v1/tracks/${world.tracks.public}`)).body.data.track.in_collections_count;
    expect(onTrack - (await call(world, a, 'get', `/v1/tracks/${world.tracks.public}`)).body.data.track.in_collections_count).toBe(1);
    expect((await call(world, a, 'get', `/v1/tracks/${world.tracks.private}/collections`)).status).toBe(404);
    expect((await forTrack(a, { user_id: 'not-an-id' })).status).toBe(400);
  });
});
