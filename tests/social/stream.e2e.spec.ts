import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { factories, type Factories } from '../support/factories';
import { waitFor } from '../support/services';
import { addToCollection, call, createCollection, eventCount, startSocialWorld, WORLD_START_MS, type Session, type SocialWorld } from './helpers';

interface StreamTrack { id: number; title: string; in_library: boolean; streamed_at: string; visibility: string }
interface StreamPage { tracks: StreamTrack[]; total: number; has_more: boolean }

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /v1/stream: new tracks of the members one subscribes to and tracks added to the collections
 * one follows, each once, newest first, filtered by content type and time range and sorted. It
 * lists only what the reader may list, whoever they are, and follows changes of visibility,
 * subscriptions and follows.
 */
describe('the stream: GET /v1/stream', () => {
  let world: SocialWorld;
  let make: Factories;
  let curator: Session;
  /** The curator's own public track, and their public collection of it and the owner's public and unlisted tracks. */
  let curated: number;
  let picks: number;

  beforeAll(async () => {
    world = await startSocialWorld();
    make = factories(world);
    curator = await make.newMember();
    curated = await make.newTrack({ owner: curator, title: 'Curated' });
    picks = await createCollection(world, curator, { name: 'Picks' });
    for (const track of [curated, world.tracks.public, world.tracks.unlisted]) await addToCollection(world, curator, picks, track);
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
    await make?.dispose();
  });

  const stream = async (reader: Session, query: object = {}): Promise<StreamPage> => {
    const res = await call(world, reader, 'get', '/v1/stream', undefined, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as StreamPage;
  };
  const ids = (page: StreamPage) => page.tracks.map((track) => track.id);
  /**
   * The stream is read from inline read models, so it shows a change as soon as the request that
   * made it has answered: no waiting for a projection to catch up.
   */
  const shows = async (reader: Session, expected: number[], query: object = {}): Promise<StreamPage> => {
    const page = await stream(reader, query);
    expect(ids(page), JSON.stringify(query)).toEqual(expected);
    return page;
  };
  const subscribe = (reader: Session, subject: Session) =>
    call(world, reader, 'post', '/v1/subscribe', { username: subject.me.username }).expect(200);
  const setVisibility = (session: Session, trackId: number, title: string, visibility: string) =>
    call(world, session, 'put', '/v1/manage/tracks', { track_id: trackId, title, visibility }).expect(200);

  it('asks visitors to sign in, and starts empty', async () => {
    expect((await call(world, null, 'get', '/v1/stream')).status).toBe(401);
    expect(await stream(await make.newMember())).toEqual({ tracks: [], albums: [], total: 0, has_more: false });
  });

  it("carries what members one subscribes to uploaded, listed tracks only, as track views with the reader's own facts", async () => {
    const reader = await make.newMember();
    await subscribe(reader, world.owner);
    // The owner's unlisted and private tracks stay out; so does anything of members the reader does not follow.
    const page = await shows(reader, [world.tracks.public]);
    expect(page).toMatchObject({ total: 1, has_more: false });
    const single = (await call(world, reader, 'get', `/v1/tracks/${world.tracks.public}`).expect(200)).body.data.track;
    expect(Object.keys(page.tracks[0]!).sort()).toEqual([...Object.keys(single), 'streamed_at'].sort());
    expect(page.tracks[0]).toMatchObject({ id: world.tracks.public, in_library: false, streamed_at: single.created });

    await call(world, reader, 'post', '/v1/manage/library', { track_id: world.tracks.public }).expect(200);
    expect((await stream(reader)).tracks[0]).toMatchObject({ in_library: true });
  });

  it("lists to a member, the owner and an admin only what each may list of the owner's public, unlisted and private tracks", async () => {
    const member = await make.newMember();
    for (const reader of [member, world.admin]) {
      await subscribe(reader, world.owner);
      await call(world, reader, 'post', `/v1/manage/collections/${picks}/follow`).expect(200);
    }
    await call(world, world.owner, 'post', `/v1/manage/collections/${picks}/follow`).expect(200);
    try {
      // The picks hold the curated track, then the owner's public and unlisted ones (a private one they cannot hold).
      for (const reader of [member, world.admin]) await shows(reader, [world.tracks.public, curated]);
      await shows(world.owner, [world.tracks.unlisted, world.tracks.public, curated]);
    } finally {
      for (const reader of [world.owner, world.admin]) await call(world, reader, 'delete', `/v1/manage/collections/${picks}/follow`).expect(200);
      await call(world, world.admin, 'delete', '/v1/subscribe', { username: world.owner.me.username }).expect(200);
    }
  });

  it('puts a new upload on top of every subscriber stream', async () => {
    const [uploader, first, second] = [await make.newMember(), await make.newMember(), await make.newMember()];
    const older = await make.newTrack({ owner: uploader, title: 'Older' });
    for (const reader of [first, second]) await subscribe(reader, uploader);
    await shows(first, [older]);
    const newer = await make.newTrack({ owner: uploader, title: 'Newer' });
    for (const reader of [first, second]) await shows(reader, [newer, older]);
    await call(world, uploader, 'delete', '/v1/manage/tracks', { track_id: newer }).expect(200);
    await shows(second, [older]);
  });

  it('follows the visibility of each track as it changes, and stops at once on unsubscribe', async () => {
    const reader = await make.newMember();
    await subscribe(reader, world.owner);
    await shows(reader, [world.tracks.public]);
    await setVisibility(world.owner, world.tracks.private, 'Diary', 'public');
    try {
      // In the place of its upload, which is the date its card shows.
      expect(ids(await stream(reader))).toEqual([world.tracks.private, world.tracks.public]);
      await setVisibility(world.owner, world.tracks.public, 'Open Sky', 'unlisted');
      expect(ids(await stream(reader))).toEqual([world.tracks.private]);
    } finally {
      await setVisibility(world.owner, world.tracks.private, 'Diary', 'private');
      await setVisibility(world.owner, world.tracks.public, 'Open Sky', 'public');
    }
    expect(ids(await stream(reader))).toEqual([world.tracks.public]);
    await call(world, reader, 'delete', '/v1/subscribe', { username: world.owner.me.username }).expect(200);
    expect(await stream(reader)).toEqual({ tracks: [], albums: [], total: 0, has_more: false });
  });

  it('carries tracks added to followed collections, each track once however it came, filtered by content type', async () => {
    const reader = await make.newMember();
    await call(world, reader, 'post', `/v1/manage/collections/${picks}/follow`).expect(200);
    // The unlisted track the curator added is not listed to the reader; the other two were added in this order.
    await shows(reader, [world.tracks.public, curated]);
    await subscribe(reader, world.owner);
    const both = await shows(reader, [world.tracks.public, curated], { content_type: 'all' });
    expect(both.total).toBe(2);
    await shows(reader, [world.tracks.public], { content_type: 'uploads' });
    expect(ids(await stream(reader, { content_type: 'collections' }))).toEqual([world.tracks.public, curated]);

    // A collection made private is its owner's alone: what came through it leaves the stream while it is.
    await call(world, curator, 'put', `/v1/manage/collections/${picks}`, { visibility: 'private' }).expect(200);
    try {
      expect(await stream(reader, { content_type: 'collections' })).toEqual({ tracks: [], albums: [], total: 0, has_more: false });
      expect(ids(await stream(reader))).toEqual([world.tracks.public]);
    } finally {
      await call(world, curator, 'put', `/v1/manage/collections/${picks}`, { visibility: 'public' }).expect(200);
    }
    expect(ids(await stream(reader))).toEqual([world.tracks.public, curated]);
    await call(world, reader, 'delete', `/v1/manage/collections/${picks}/follow`).expect(200);
    expect(ids(await stream(reader))).toEqual([world.tracks.public]);
  });

  it('sorts by recent, oldest or plays, pages 10 at a time by default, and keeps to a time range', async () => {
    const reader = await make.newMember();
    await call(world, reader, 'post', `/v1/manage/collections/${picks}/follow`).expect(200);
    await shows(reader, [world.tracks.public, curated]);
    expect(ids(await stream(reader, { sort: 'oldest' }))).toEqual([curated, world.tracks.public]);
    expect(await stream(reader, { limit: 1, offset: 1 })).toMatchObject({ tracks: [{ id: curated }], total: 2, has_more: false });
    expect(await stream(reader, { limit: 1 })).toMatchObject({ tracks: [{ id: world.tracks.public }], total: 2, has_more: true });
    // Filter names are matched in any case.
    expect(ids(await stream(reader, { sort: 'OLDEST', time_range: 'Day' }))).toEqual([curated, world.tracks.public]);

    await call(world, reader, 'get', `/v1/tracks/${curated}/play`).expect(200);
    // Play counts are an async read model: the popular order follows a moment after the play.
    const popular = await waitFor(async () => {
      const page = await stream(reader, { sort: 'popular' });
      return ids(page)[0] === curated ? page : null;
    }, 20_000).catch(() => stream(reader, { sort: 'popular' }));
    expect(ids(popular)).toEqual([curated, world.tracks.public]);

    // Two days on, nothing entered the stream within the last day, all of it within the week.
    const clock = world.server.platform.clock;
    const now = clock.now();
    const later = vi.spyOn(clock, 'now').mockReturnValue(new Date(now.getTime() + 2 * DAY_MS));
    try {
      expect(await stream(reader, { time_range: 'day' })).toEqual({ tracks: [], albums: [], total: 0, has_more: false });
      expect(ids(await stream(reader, { time_range: 'week' }))).toEqual([world.tracks.public, curated]);
      expect((await stream(reader, { time_range: 'all' })).total).toBe(2);
    } finally {
      later.mockRestore();
    }
  });

  it('refuses filters it does not know with the rule broken, and changes nothing', async () => {
    const cases: [object, string, string][] = [
      [{ limit: 0 }, 'limit', 'limit must be a whole number from 1 to 50'],
      [{ limit: 51 }, 'limit', 'limit must be a whole number from 1 to 50'],
      [{ limit: 'ten' }, 'limit', 'limit must be a whole number from 1 to 50'],
      [{ offset: -1 }, 'offset', 'offset must be a whole number from 0 to 9007199254740991'],
      [{ content_type: 'videos' }, 'content_type', 'content_type must be one of all, uploads, collections'],
      [{ content_type: ['all', 'uploads'] }, 'content_type', 'content_type must be one of all, uploads, collections'],
      [{ time_range: 'decade' }, 'time_range', 'time_range must be one of all, day, week, month, year'],
      [{ sort: 'loudest' }, 'sort', 'sort must be one of recent, oldest, popular'],
    ];
    const before = await eventCount(world);
    for (const [query, field, message] of cases) {
      const res = await call(world, world.fan, 'get', '/v1/stream', undefined, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body, JSON.stringify(query)).toMatchObject({ status: 'error', status_code: 400, msg: { description: message }, errors: { [field]: message } });
    }
    expect(await eventCount(world)).toBe(before);
  });
});
