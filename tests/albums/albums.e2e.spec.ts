import { ALBUM_LIMITS } from '@stardeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventCount, idsOf, startSocialWorld, uploadExtra, WORLD_START_MS, type Session, type SocialWorld } from '../social/helpers';
import { waitFor } from '../support/services';
import { connected, openSocket, recorder } from '../support/sockets';
import { createAlbum, setTier } from './helpers';

describe('albums: a member\'s releases of their own tracks', () => {
  let world: SocialWorld;
  /** A third public track of the owner's, for orders of three. */
  let extra: number;

  beforeAll(async () => {
    world = await startSocialWorld();
    await setTier(world, world.owner, 'core');
    await setTier(world, world.fan, 'premium');
    extra = await uploadExtra(world, world.owner, { visibility: 'public', title: 'Last Light' });
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });

  const get = (viewer: Session | null, id: number) => call(world, viewer, 'get', `/v1/albums/${id}`);
  const titlesOf = (res: { body: { data: { album: { tracks: { title: string; track_number: number }[] } } } }) =>
    res.body.data.album.tracks.map((t) => `${t.track_number}. ${t.title}`);

  it('creates an album of the owner\'s tracks in the order given, with track views, numbers and the total time', async () => {
    const { tracks } = world;
    const res = await call(world, world.owner, 'post', '/v1/albums', {
      title: '  Low Tide ', description: 'b-sides', release_date: '2026-11-01', visibility: 'public', tags: ['Drone', 'drone', 'Ambient'],
      track_ids: [extra, tracks.public, tracks.unlisted],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.msg).toEqual({ title: 'Album', description: 'Album created' });
    const album = res.body.data.album;
    expect(album).toMatchObject({
      title: 'Low Tide', slug: 'low-tide', description: 'b-sides', release_date: '2026-11-01', visibility: 'public', artwork: null,
      user_id: world.owner.me.id, username: world.owner.me.username, track_count: 3,
      tags: [{ name: 'Drone', slug: 'drone', usage_count: 0 }, { name: 'Ambient', slug: 'ambient', usage_count: 0 }],
    });
    expect(titlesOf(res)).toEqual(['1. Last Light', '2. Open Sky', '3. Side Door']);
    expect(album.tracks[0]).toMatchObject({ id: extra, status: 'ready', duration: expect.stringMatching(/^0:0\d$/) });
    const sum = album.tracks.reduce((total: number, t: { duration_seconds: number }) => total + t.duration_seconds, 0);
    expect(album.total_duration).toBeCloseTo(sum, 2);
    expect(album.total_duration).toBeGreaterThan(9);
  });

  it('edits only what is sent, arranges the whole list, and deletes the album while its tracks stay', async () => {
    const { tracks } = world;
    const id = await createAlbum(world, world.owner, { track_ids: [tracks.public, extra] });
    const edited = await call(world, world.owner, 'put', `/v1/albums/${id}`, { title: 'Ebb', release_date: '2027-01-02' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.album).toMatchObject({ title: 'Ebb', release_date: '2027-01-02', description: null, visibility: 'public', track_count: 2 });

    const arranged = await call(world, world.owner, 'put', `/v1/albums/${id}/tracks`, { track_ids: [extra, tracks.private, tracks.public] });
    expect(arranged.status, JSON.stringify(arranged.body)).toBe(200);
    expect(titlesOf(arranged)).toEqual(['1. Last Light', '2. Diary', '3. Open Sky']);
    // Others see the public ones only, numbered as they see them.
    expect(titlesOf(await get(world.fan, id))).toEqual(['1. Last Light', '2. Open Sky']);
    expect((await get(null, id)).body.data.album.track_count).toBe(2);

    // The admin console replays the album's stream through the album decider, as of any version.
    const stream = `/v1/admin/streams/album-${id}`;
    const now = (await call(world, world.admin, 'get', stream).expect(200)).body.data;
    expect(now).toMatchObject({ model: 'albumDecider', version: 3, state: { status: 'active', title: 'Ebb', track_ids: [extra, tracks.private, tracks.public] } });
    const first = (await call(world, world.admin, 'get', stream, undefined, { as_of: 1 }).expect(200)).body.data;
    expect(first.state).toMatchObject({ title: 'Low Tide', track_ids: [tracks.public, extra] });

    const removed = await call(world, world.owner, 'delete', `/v1/albums/${id}`);
    expect(removed.body).toMatchObject({ status: 'success', msg: { description: 'Album deleted' } });
    expect((await get(world.owner, id)).status).toBe(404);
    for (const track of [extra, tracks.public, tracks.private]) expect((await call(world, world.owner, 'get', `/v1/tracks/${track}`)).status).toBe(200);
  });

  it('tells a free member to upgrade to core, and writes nothing', async () => {
    const before = await eventCount(world);
    const res = await call(world, world.stranger, 'post', '/v1/albums', { title: 'Mine', track_ids: [world.tracks.public] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 'error', msg: { title: 'Album', description: 'upgrade to core' } });
    expect(await eventCount(world)).toBe(before);
  });

  it('keeps a downgraded member\'s albums visible and playable, but edits need core again', async () => {
    const { tracks } = world;
    const id = await createAlbum(world, world.owner, { title: 'Before the Lapse', track_ids: [tracks.public] });
    await setTier(world, world.owner, 'free');
    try {
      expect(titlesOf(await get(world.fan, id))).toEqual(['1. Open Sky']);
      expect((await call(world, world.fan, 'get', `/v1/tracks/${tracks.public}/play`)).status).toBe(200);
      const listed = await call(world, world.fan, 'get', `/v1/albums/user/${world.owner.me.username}`);
      expect(idsOf(listed.body.data.albums)).toContain(id);

      const before = await eventCount(world);
      for (const [method, path, body] of [
        ['put', `/v1/albums/${id}`, { title: 'After' }],
        ['put', `/v1/albums/${id}/tracks`, { track_ids: [extra] }],
        ['post', '/v1/albums', { title: 'Another', track_ids: [extra] }],
      ] as const) {
        const res = await call(world, world.owner, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.msg.description).toBe('upgrade to core');
      }
      expect(await eventCount(world)).toBe(before);
    } finally {
      await setTier(world, world.owner, 'core');
    }
    expect((await call(world, world.owner, 'put', `/v1/albums/${id}`, { title: 'After' })).status).toBe(200);
  });

  it('answers a private album like a missing one, opens an unlisted one by its link, and lists neither to others', async () => {
    const { tracks } = world;
    const secret = await createAlbum(world, world.owner, { title: 'Secret', visibility: 'private', track_ids: [tracks.public] });
    const byLink = await createAlbum(world, world.owner, { title: 'By Link', visibility: 'unlisted', track_ids: [tracks.public] });
    for (const viewer of [world.fan, null, world.admin]) {
      const res = await get(viewer, secret);
      expect(res.status).toBe(404);
      expect(res.body.msg.description).toBe('Album not found');
      expect((await get(viewer, byLink)).body.data.album.title).toBe('By Link');
    }
    expect((await get(world.owner, secret)).body.data.album.title).toBe('Secret');
    expect((await get(world.fan, 999_999)).body.msg.description).toBe('Album not found');

    const theirs = idsOf((await call(world, world.fan, 'get', `/v1/albums/user/${world.owner.me.username}`)).body.data.albums);
    expect(theirs).not.toContain(secret);
    expect(theirs).not.toContain(byLink);
    const own = idsOf((await call(world, world.owner, 'get', `/v1/albums/user/${world.owner.me.username}`)).body.data.albums);
    expect(own).toEqual(expect.arrayContaining([secret, byLink]));
    expect(idsOf((await call(world, null, 'get', '/v1/albums', undefined, { limit: 100 })).body.data.albums)).not.toContain(byLink);
    // Nobody else edits, arranges or deletes it: the answer of a missing album.
    for (const [method, path, body] of [['put', `/v1/albums/${byLink}`, { title: 'Mine' }], ['put', `/v1/albums/${byLink}/tracks`, { track_ids: [tracks.public] }],
      ['delete', `/v1/albums/${byLink}`, undefined]] as const) {
      expect((await call(world, world.fan, method, path, body)).status).toBe(404);
    }
  });

  it('refuses other members\' tracks, repeats, and lists outside 1 to 100, changing nothing', async () => {
    const fanTrack = await uploadExtra(world, world.fan, { visibility: 'public', title: 'Not Yours' });
    const id = await createAlbum(world, world.owner, { title: 'Strict', track_ids: [world.tracks.public] });
    const before = await eventCount(world);
    const refusals: [string, string, object, string][] = [
      ['post', '/v1/albums', { title: 'Borrowed', track_ids: [world.tracks.public, fanTrack] }, 'An album can hold only your own tracks'],
      ['put', `/v1/albums/${id}/tracks`, { track_ids: [fanTrack] }, 'An album can hold only your own tracks'],
      ['put', `/v1/albums/${id}/tracks`, { track_ids: [999_999] }, 'An album can hold only your own tracks'],
      ['post', '/v1/albums', { title: 'Empty', track_ids: [] }, `An album needs 1 to ${ALBUM_LIMITS.tracksMax} tracks`],
      ['put', `/v1/albums/${id}/tracks`, { track_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, `An album needs 1 to ${ALBUM_LIMITS.tracksMax} tracks`],
      ['post', '/v1/albums', { title: 'Twice', track_ids: [extra, extra] }, 'A track can appear only once in an album'],
      ['post', '/v1/albums', { title: 'Nothing' }, 'track_ids must be a list of track ids'],
      ['post', '/v1/albums', { title: 'Words', track_ids: ['one'] }, 'track_ids must be a list of track ids'],
    ];
    for (const [method, path, body, message] of refusals) {
      const res = await call(world, world.owner, method as 'post', path, body);
      expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg.description).toBe(message);
    }
    expect(await eventCount(world)).toBe(before);
  });

  it('counts a member\'s album attempts: past 20 an hour the next wait (429), however many arrive at once', async () => {
    await setTier(world, world.stranger, 'core');
    try {
      const before = await eventCount(world);
      // Someone else's track: each attempt is counted, then refused.
      const attempts = await Promise.all(Array.from({ length: 24 }, () => call(world, world.stranger, 'post', '/v1/albums', { title: 'Flood', track_ids: [world.tracks.public] })));
      const statuses = attempts.map((res) => res.status).sort();
      expect(statuses).toEqual([...Array<number>(20).fill(400), ...Array<number>(4).fill(429)]);
      expect(attempts.find((res) => res.status === 429)!.headers['retry-after']).toMatch(/^\d+$/);
      expect(await eventCount(world)).toBe(before);
    } finally {
      await setTier(world, world.stranger, 'free');
    }
  });

  it('answers each invalid field with its message and a 400', async () => {
    const ok = { title: 'Fine', track_ids: [world.tracks.public] };
    const cases: [object, string][] = [
      [{ ...ok, title: '   ' }, 'Title is required'],
      [{ ...ok, title: 'x'.repeat(201) }, 'Title must be 200 characters or less'],
      [{ ...ok, description: 'x'.repeat(5001) }, 'Description must be 5000 characters or less'],
      [{ ...ok, release_date: '2026-02-30' }, 'Release date must be a date (YYYY-MM-DD)'],
      [{ ...ok, release_date: 'yesterday' }, 'Release date must be a date (YYYY-MM-DD)'],
      [{ ...ok, visibility: 'friends' }, 'Visibility must be public, unlisted or private'],
      [{ ...ok, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Maximum 5 tags allowed'],
      [{ ...ok, tags: ['x'.repeat(33)] }, 'Tag name must be 32 characters or less'],
      [{ ...ok, artwork_data: Buffer.from('not an image').toString('base64') }, 'Invalid artwork format. Please use jpg, png, gif, or webp.'],
    ];
    const before = await eventCount(world);
    for (const [body, message] of cases) {
      const res = await call(world, world.owner, 'post', '/v1/albums', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.msg.description).toBe(message);
    }
    expect(await eventCount(world)).toBe(before);
    expect((await call(world, null, 'post', '/v1/albums', ok)).status).toBe(401);
  });

  it('explores public albums newest first, filtered by tags, and a track page finds the albums holding it', async () => {
    const first = await createAlbum(world, world.owner, { title: 'Tagged One', tags: ['Field Recording'], track_ids: [extra] });
    const second = await createAlbum(world, world.fan, { title: 'Tagged Two', tags: ['Field Recording', 'Dub'], track_ids: [await uploadExtra(world, world.fan, { title: 'Fan Song' })] });
    const all = await call(world, world.stranger, 'get', '/v1/albums', undefined, { limit: 2 });
    expect(idsOf(all.body.data.albums)).toEqual([second, first]);
    expect(all.body.data.has_more).toBe(true);
    const tagId = all.body.data.albums[0].tags.find((t: { name: string }) => t.name === 'Dub').id as number;
    const dub = await call(world, world.stranger, 'get', '/v1/albums', undefined, { tag_ids: String(tagId) });
    expect(idsOf(dub.body.data.albums)).toEqual([second]);
    expect(dub.body.data).toMatchObject({ total: 1, has_more: false });
    expect((await call(world, world.stranger, 'get', '/v1/albums', undefined, { tag_ids: 'dub' })).status).toBe(400);

    const holding = await call(world, world.stranger, 'get', `/v1/tracks/${extra}/albums`);
    expect(holding.status).toBe(200);
    expect(idsOf(holding.body.data.albums)).toContain(first);
  });

  it('shows subscribers a new public album in their stream and tells them of it once, and not of a private one until it is made public', async () => {
    await call(world, world.stranger, 'post', '/v1/subscribe', { username: world.owner.me.username }).expect(200);
    const socket = openSocket(world.url, world.stranger.token);
    const heard = recorder(socket);
    await connected(socket);
    const hidden = await createAlbum(world, world.owner, { title: 'Quiet Release', visibility: 'private', track_ids: [extra] });
    const loud = await createAlbum(world, world.owner, { title: 'Loud Release', track_ids: [extra] });
    const albumNotes = async () => {
      const res = await call(world, world.stranger, 'get', '/v1/notifications');
      return (res.body.data.notifications as { action: string; album: { id: number; title: string } | null }[]).filter((n) => n.action === 'new_album');
    };
    const streamed = await call(world, world.stranger, 'get', '/v1/stream');
    expect(idsOf(streamed.body.data.albums)).toContain(loud);
    expect(idsOf(streamed.body.data.albums)).not.toContain(hidden);
    expect((await call(world, world.stranger, 'get', '/v1/stream', undefined, { content_type: 'collections' })).body.data.albums).toEqual([]);
    const told = await waitFor(async () => ((await albumNotes()).length > 0 ? albumNotes() : null));
    expect(told.map((n) => n.album)).toEqual([{ id: loud, title: 'Loud Release', slug: 'loud-release', username: world.owner.me.username }]);
    // And pushed to the subscriber's open tab, as any new notification is.
    const pushed = await heard.next<{ notification: { action: string; album: { id: number } | null } }>('notification', (p) => p.notification.action === 'new_album', 10_000);
    expect(pushed.payload.notification.album?.id).toBe(loud);
    socket.close();

    await call(world, world.owner, 'put', `/v1/albums/${hidden}`, { visibility: 'public' }).expect(200);
    await waitFor(async () => ((await albumNotes()).length === 2 ? true : null));
    await call(world, world.owner, 'put', `/v1/albums/${hidden}`, { visibility: 'private' }).expect(200);
    // Private again: the notification hides as the album does.
    await waitFor(async () => ((await albumNotes()).length === 1 ? true : null));
  });
});
