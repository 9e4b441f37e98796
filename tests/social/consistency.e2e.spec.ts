import { INLINE_PROJECTIONS } from '@stardeck/domain';
import { ProjectionAdmin } from '@stardeck/projector';
import { createLogger } from '@stardeck/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../tracks/helpers';
import { addToCollection, call, createCollection, startSocialWorld, WORLD_START_MS, type Session, type SocialWorld } from './helpers';

/** Parallel repeats count once, and every read model of this area is what its events rebuild. */
describe('library, collections and comments under parallel requests and rebuilds', () => {
  let world: SocialWorld;

  beforeAll(async () => {
    world = await startSocialWorld();
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });

  const eventsOf = async (type: string, field: string, value: string | number) => {
    const rows = await world.server.platform.database.db.selectFrom('events').select('data').where('type', '=', type).execute();
    return rows.filter((row) => (row.data as Record<string, unknown>)[field] === value).length;
  };
  const parallel = (count: number, request: (i: number) => PromiseLike<{ status: number }>) =>
    Promise.all(Array.from({ length: count }, (_, i) => request(i)));

  it('counts 100 follows sent at once as one, and 100 unfollows back to zero', async () => {
    const id = await createCollection(world, world.owner, { name: 'Crowded' });
    const follows = await parallel(100, () => call(world, world.fan, 'post', `/v1/manage/collections/${id}/follow`));
    expect(follows.map((res) => res.status)).toEqual(Array(100).fill(200));
    expect((await call(world, world.owner, 'get', `/v1/collections/${id}`)).body.data.collection.followers_count).toBe(1);
    expect(await eventsOf('CollectionFollowed', 'collection_id', id)).toBe(1);

    const unfollows = await parallel(100, () => call(world, world.fan, 'delete', `/v1/manage/collections/${id}/follow`));
    expect(unfollows.map((res) => res.status)).toEqual(Array(100).fill(200));
    expect((await call(world, world.owner, 'get', `/v1/collections/${id}`)).body.data.collection.followers_count).toBe(0);
    expect(await eventsOf('CollectionUnfollowed', 'collection_id', id)).toBe(1);
  });

  it('counts each of several members once when they all follow many times at once', async () => {
    const id = await createCollection(world, world.owner, { name: 'Popular' });
    const followers: Session[] = [world.fan, world.stranger, world.admin, await member(world)];
    await parallel(100, (i) => call(world, followers[i % followers.length]!, 'post', `/v1/manage/collections/${id}/follow`));
    expect((await call(world, world.owner, 'get', `/v1/collections/${id}`)).body.data.collection.followers_count).toBe(4);
  });

  it('keeps one library entry for 100 saves sent at once', async () => {
    const saver = await member(world);
    const saves = await parallel(100, () => call(world, saver, 'post', '/v1/manage/library', { track_id: world.tracks.public }));
    expect(saves.map((res) => res.status)).toEqual(Array(100).fill(200));
    const entries = await world.server.platform.database.db.selectFrom('library_entries').selectAll()
      .where('user_id', '=', saver.me.id).execute();
    expect(entries).toHaveLength(1);
    const track = (await call(world, saver, 'get', `/v1/tracks/${world.tracks.public}`)).body.data.track;
    expect(track).toMatchObject({ in_library: true });
    expect((await call(world, saver, 'get', `/v1/library/user/${saver.me.username}`)).body.data.total_tracks).toBe(1);
    expect(await eventsOf('TrackSaved', 'user_id', saver.me.id)).toBe(1);
  });

  it('adds a track once when it is added 100 times at once', async () => {
    const id = await createCollection(world, world.fan, { name: 'Once' });
    const adds = await parallel(100, () => call(world, world.fan, 'post', `/v1/manage/collections/${id}/tracks`, { track_id: world.tracks.public }));
    expect(adds.map((res) => res.status)).toEqual(Array(100).fill(200));
    expect((await call(world, world.fan, 'get', `/v1/collections/${id}`)).body.data.collection.track_count).toBe(1);
    expect(await eventsOf('CollectionTrackAdded', 'collection_id', id)).toBe(1);
  });

  it('rebuilds the library, collections and comments from the log to the rows it had live', async () => {
    const { owner, fan, stranger } = world;
    const kept = await createCollection(world, fan, { name: 'Kept', description: 'stays', visibility: 'unlisted' });
    const gone = await createCollection(world, fan, { name: 'Gone' });
    for (const id of [kept, gone]) await addToCollection(world, fan, id, world.tracks.public);
    await addToCollection(world, fan, kept, world.tracks.unlisted);
    await call(world, fan, 'put', `/v1/manage/collections/${kept}`, { name: 'Kept, renamed' }).expect(200);
    await call(world, stranger, 'post', `/v1/manage/collections/${kept}/follow`).expect(200);
    await call(world, owner, 'post', `/v1/manage/collections/${gone}/follow`).expect(200);
    await call(world, fan, 'delete', `/v1/manage/collections/${gone}`).expect(200);
    for (const track of [world.tracks.public, world.tracks.unlisted]) await call(world, fan, 'post', '/v1/manage/library', { track_id: track }).expect(200);
    await call(world, fan, 'delete', '/v1/manage/library', { track_id: world.tracks.unlisted }).expect(200);
    const root = (await call(world, fan, 'post', `/v1/comments/resource/track/${world.tracks.public}`, { text: 'root', track_timestamp: 3 })).body.data.comment.id;
    await call(world, owner, 'post', `/v1/comments/track/${root}/replies`, { text: 'reply' }).expect(201);
    const dropped = (await call(world, stranger, 'post', `/v1/comments/track/${root}/replies`, { text: 'dropped' })).body.data.comment.id;
    await call(world, stranger, 'delete', `/v1/comments/track/${dropped}`).expect(200);
    await call(world, fan, 'put', `/v1/comments/track/${root}`, { text: 'root, edited', track_timestamp: 2 }).expect(200);

    const db = world.server.platform.database.db;
    const models = {
      library: async () => [
        await db.selectFrom('library_entries').selectAll().orderBy('user_id').orderBy('track_id').execute(),
        await db.selectFrom('track_save_counts').selectAll().orderBy('track_id').execute(),
      ],
      collections: async () => [
        await db.selectFrom('collections').selectAll().orderBy('id').execute(),
        await db.selectFrom('collection_tracks').selectAll().orderBy('collection_id').orderBy('track_id').execute(),
        await db.selectFrom('collection_follows').selectAll().orderBy('collection_id').orderBy('user_id').execute(),
      ],
      comments: async () => [
        await db.selectFrom('comments').selectAll().orderBy('id').execute(),
        await db.selectFrom('track_comment_counts').selectAll().orderBy('track_id').execute(),
      ],
    };
    const { store, bus, locks } = world.server.platform;
    const admin = new ProjectionAdmin(INLINE_PROJECTIONS, store, bus, locks, createLogger('silent'));
    for (const [name, rows] of Object.entries(models)) {
      const live = await rows();
      expect(live.flat().length, name).toBeGreaterThan(0);
      let replayed = 0;
      await admin.rebuild(name, (done) => { replayed = done; });
      expect(replayed, name).toBeGreaterThan(0);
      expect(await rows(), name).toEqual(live);
    }
    // A rebuild of the accounts the rows refer to leaves them in place.
    await admin.rebuild('users');
    expect((await call(world, stranger, 'get', `/v1/collections/${kept}`)).body.data.collection).toMatchObject({ name: 'Kept, renamed', followers_count: 1 });
  });
});
