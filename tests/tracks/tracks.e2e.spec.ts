import { peaksForDrawing } from '@stardeck/contracts';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { waitFor } from '../support/services';
import { bearer, createTrack, getTrack, member, objectExists, putUpload, startTracksWorld, uploadTrack, type Session, type TracksWorld } from './helpers';
import { absoluteUrl } from '../support/urls';

const ids = (res: request.Response) => (res.body.data.tracks as { id: number }[]).map((t) => t.id);

describe('tracks: visibility, listing, editing, tags, artwork, deletion', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let owner: Session;
  let other: Session;
  let mp3: string;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
    [owner, other] = await Promise.all([member(world), member(world)]);
    mp3 = await fixtures.make('mp3');
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  const update = (session: Session, body: Record<string, unknown>) => request(world.url).put('/v1/manage/tracks').set(bearer(session)).send(body);
  const remove = (session: Session, trackId: number) => request(world.url).delete('/v1/manage/tracks').set(bearer(session)).send({ track_id: trackId });
  const tagUsage = async (name: string) => {
    const res = await request(world.url).get('/v1/tags').query({ q: name, limit: 5 });
    return (res.body.data.tags as { name: string; usage_count: number }[]).find((t) => t.name.toLowerCase() === name.toLowerCase())?.usage_count ?? 0;
  };

  it('public tracks are listed; unlisted are readable by id but never listed; private only by the owner', async () => {
    const pub = await uploadTrack(world, owner, mp3, { visibility: 'public', title: 'Open Sky' });
    const unl = await uploadTrack(world, owner, mp3, { visibility: 'unlisted', title: 'Side Door' });
    const priv = await uploadTrack(world, owner, mp3, { visibility: 'private', title: 'Diary' });

    expect((await getTrack(world, other, pub)).status).toBe(200);
    expect((await getTrack(world, null, pub)).status).toBe(200);
    expect((await getTrack(world, other, unl)).status).toBe(200);
    expect((await getTrack(world, other, priv)).status).toBe(404);
    expect((await getTrack(world, null, priv)).status).toBe(404);
    expect((await getTrack(world, owner, priv)).status).toBe(200);
    expect((await request(world.url).get('/v1/tracks/abc')).status).toBe(404);

    const explore = await request(world.url).get('/v1/tracks').set(bearer(other)).query({ username: owner.me.username });
    expect(ids(explore)).toEqual([pub]);
    expect(explore.body.data).toMatchObject({ total: 1, has_more: false });
    expect(ids(await request(world.url).get(`/v1/tracks/user/${owner.me.username}`).set(bearer(other)))).toEqual([pub]);
    expect(ids(await request(world.url).get(`/v1/tracks/user/${owner.me.username}`).set(bearer(owner)))).toEqual([priv, unl, pub]);
    expect((await request(world.url).get('/v1/tracks/user/nobody-here')).status).toBe(404);

    const track = (await getTrack(world, other, pub)).body.data.track;
    expect(track).toMatchObject({
      id: pub, title: 'Open Sky', slug: 'open-sky', user_id: owner.me.id, username: owner.me.username, visibility: 'public',
      status: 'ready', duration: '0:04', filename: 'clip-4s.mp3', mimetype: 'audio/mpeg', extension: 'mp3', parent_id: null,
      key: null, play_count: 0, tags: [],
    });
    expect(track.artwork).toMatch(new RegExp(`/v1/tracks/${pub}/artwork\\.svg$`));
    expect((await getTrack(world, owner, pub)).body.data.track.key).toMatch(/^sources\//);
  });

  it('searches, sorts and pages the explore list', async () => {
    const list = (query: Record<string, unknown>) => request(world.url).get('/v1/tracks').query({ username: owner.me.username, ...query });
    const a = await uploadTrack(world, owner, mp3, { visibility: 'public', title: 'Aurora' });
    const byTitle = await list({ sort_key: 'title', sort_dir: 'asc' });
    expect(byTitle.body.data.tracks.map((t: { title: string }) => t.title)).toEqual(['Aurora', 'Open Sky']);
    expect(ids(await list({ search: 'auro' }))).toEqual([a]);
    const paged = await list({ limit: 1, offset: 0, sort_key: 'created', sort_dir: 'desc' });
    expect(paged.body.data).toMatchObject({ total: 2, has_more: true });
    expect(ids(paged)).toEqual([a]);
    expect((await list({ sort_key: 'loudness' })).status).toBe(400);
    expect((await list({ sort_key: 'random' })).body.data.total).toBe(2);
    expect((await list({ sort_key: 'play_count' })).body.data.total).toBe(2);

  });

  it('lists carry a small waveform inline; the full one has its own cacheable URL', async () => {
    const pub = await uploadTrack(world, owner, mp3, { visibility: 'public', title: 'Wave Form' });
    const priv = await uploadTrack(world, owner, mp3, { visibility: 'private', title: 'Hidden Form' });
    const listed = (await request(world.url).get('/v1/tracks').query({ search: 'wave form' })).body.data.tracks[0];
    expect(listed.id).toBe(pub);
    const small = peaksForDrawing(listed.analysis.peaks);
    expect(small).toHaveLength(800);
    expect(listed.analysis.peaks_url).toBe(`${world.url}/v1/tracks/${pub}/peaks`);
    expect((await getTrack(world, other, pub)).body.data.track.analysis).toMatchObject({ peaks: listed.analysis.peaks, peaks_url: listed.analysis.peaks_url });

    const full = await request(world.url).get(`/v1/tracks/${pub}/peaks`);
    expect(full.status).toBe(200);
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const wide = peaksForDrawing(full.body.data.peaks);
    expect(wide).toHaveLength(3600);
    // The same outline, coarser: a list card shows the loudest moment the player shows.
    expect([Math.min(...small), Math.max(...small)]).toEqual([Math.min(...wide), Math.max(...wide)]);
    const again = await request(world.url).get(`/v1/tracks/${pub}/peaks`).set('if-none-match', full.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    // A private track's waveform answers like a missing track to others, and stays in its owner's browser cache.
    expect((await request(world.url).get(`/v1/tracks/${priv}/peaks`).set(bearer(other))).status).toBe(404);
    expect((await request(world.url).get(`/v1/tracks/${priv}/peaks`).set('if-none-match', '*')).status).toBe(404);
    const own = await request(world.url).get(`/v1/tracks/${priv}/peaks`).set(bearer(owner));
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await request(world.url).get('/v1/tracks/999999/peaks')).status).toBe(404);
  });

  it('lets only the owner edit; the title is required', async () => {
    const id = await uploadTrack(world, owner, mp3, { visibility: 'public', title: 'Draft' });
    const missing = await update(owner, { track_id: id, title: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg.description).toBe('error: title is required');
    expect((await update(other, { track_id: id, title: 'Hijacked' })).status).toBe(404);
    const done = await update(owner, { track_id: id, title: 'Final Cut', description: 'mastered', visibility: 'private' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.track).toMatchObject({ title: 'Final Cut', slug: 'final-cut', description: 'mastered', visibility: 'private' });
    expect((await getTrack(world, other, id)).status).toBe(404);
  });

  it('tags: at most 5, 32 characters each, duplicates ignored regardless of case; usage counts public tracks', async () => {
    const tooMany = await putUpload(world, owner, mp3);
    const res = await createTrack(world, owner, tooMany, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(res.status).toBe(400);
    expect(res.body.msg.description).toBe('Maximum 5 tags allowed');
    const tooLong = await createTrack(world, owner, tooMany, { tags: ['x'.repeat(33)] });
    expect(tooLong.body.msg.description).toBe('Tag name must be 32 characters or less');

    const id = await uploadTrack(world, owner, mp3, { visibility: 'public', tags: ['Dub Techno', 'dub techno', ' Ambient '] });
    const track = (await getTrack(world, owner, id)).body.data.track;
    expect(track.tags.map((t: { name: string }) => t.name)).toEqual(['Dub Techno', 'Ambient']);
    const second = await uploadTrack(world, other, mp3, { visibility: 'public', tags: ['AMBIENT'] });
    const secondTags = (await getTrack(world, other, second)).body.data.track.tags;
    expect(secondTags[0]).toMatchObject({ id: track.tags[1].id, name: 'Ambient' });
    await waitFor(async () => (await tagUsage('ambient')) === 2);
    const cloud = await request(world.url).get('/v1/tags').query({ limit: 42, sort: 'usage_count' });
    expect(cloud.body.data.tags[0]).toMatchObject({ name: 'Ambient', usage_count: 2, unique_artists: 2 });
    expect(cloud.body.data.unique_artists).toBe(2);

    const filtered = await request(world.url).get('/v1/tracks').query({ tag_ids: String(track.tags[1].id) });
    expect(ids(filtered).sort()).toEqual([id, second].sort());
    const edited = await update(owner, { track_id: id, title: 'tagged', tags: ['ambient', 'Drone'] });
    expect(edited.body.data.track.tags.map((t: { name: string }) => t.name)).toEqual(['Ambient', 'Drone']);
    const privateTags = await uploadTrack(world, owner, mp3, { tags: ['Secret Sauce'] });
    expect(privateTags).toBeGreaterThan(0);
    await waitFor(async () => (await tagUsage('drone')) === 1);
    expect(await tagUsage('secret sauce')).toBe(0);
  });

  it('artwork: jpeg/png/gif/webp by content, at most 1 MB, stored resized; remove_artwork brings the pixel artwork back', async () => {
    const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#ff5533' } }).png().toBuffer();
    const upload = await putUpload(world, owner, mp3);
    const bad = await createTrack(world, owner, upload, { artwork_data: Buffer.from('not an image at all').toString('base64'), artwork_mimetype: 'image/png' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg.description).toBe('Invalid artwork format. Please use jpg, png, gif, or webp.');
    const noise = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 900, height: 900, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const large = await createTrack(world, owner, upload, { artwork_data: noise.toString('base64') });
    expect(large.status).toBe(400);
    expect(large.body.msg.description).toMatch(/^Artwork too large \(\d+\.\d MB\)\. Maximum size is 1 MB\.$/);

    const created = await createTrack(world, owner, upload, { visibility: 'public', artwork_data: big.toString('base64'), artwork_mimetype: 'image/png' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const track = created.body.data.track;
    expect(track.has_artwork).toBe(true);
    const image = await fetch(absoluteUrl(world.url, track.artwork));
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 600 });
    const row = await world.server.platform.database.db.selectFrom('tracks').select('artwork_key').where('id', '=', track.id).executeTakeFirstOrThrow();

    for (const format of ['jpeg', 'gif'] as const) {
      const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00e5ff' } }).toFormat(format).toBuffer();
      const res = await update(owner, { track_id: track.id, title: 'with art', artwork_data: small.toString('base64') });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const stored = await sharp(Buffer.from(await (await fetch(absoluteUrl(world.url, res.body.data.track.artwork))).arrayBuffer())).metadata();
      // Never enlarged: a small image is stored as it is.
      expect(stored).toMatchObject({ format, width: 64, height: 48 });
    }
    const webp = await sharp(big).webp().toBuffer();
    const replaced = await update(owner, { track_id: track.id, title: 'with art', artwork_data: webp.toString('base64') });
    expect(replaced.status).toBe(200);
    expect(await objectExists(world, row.artwork_key!)).toBe(false);
    const current = await world.server.platform.database.db.selectFrom('tracks').select('artwork_key').where('id', '=', track.id).executeTakeFirstOrThrow();
    expect(current.artwork_key).toMatch(/\.webp$/);
    const removed = await update(owner, { track_id: track.id, title: 'with art', remove_artwork: true });
    expect(removed.body.data.track).toMatchObject({ has_artwork: false });
    expect(removed.body.data.track.artwork).toMatch(/artwork\.svg$/);
    const svg = await fetch(absoluteUrl(world.url, removed.body.data.track.artwork));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await svg.text()).toContain('<svg');
  });

  it('deleting a track removes its objects, and the lists and tag counts follow', async () => {
    const id = await uploadTrack(world, other, mp3, { visibility: 'public', tags: ['Ephemeral'] });
    await waitFor(async () => (await tagUsage('ephemeral')) === 1);
    const row = await world.server.platform.database.db.selectFrom('tracks').select(['source_key']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await objectExists(world, `tracks/${id}/high.mp3`)).toBe(true);

    expect((await remove(owner, id)).status).toBe(404);
    const res = await remove(other, id);
    expect(res.status).toBe(200);
    for (const key of [row.source_key, `tracks/${id}/standard.mp3`, `tracks/${id}/high.mp3`, `tracks/${id}/peaks.json`]) {
      expect(await objectExists(world, key), key).toBe(false);
    }
    expect((await getTrack(world, other, id)).status).toBe(404);
    expect(ids(await request(world.url).get('/v1/tracks').query({ limit: 100 }))).not.toContain(id);
    expect(ids(await request(world.url).get(`/v1/tracks/user/${other.me.username}`).set(bearer(other)))).not.toContain(id);
    await waitFor(async () => (await tagUsage('ephemeral')) === 0);
    expect((await remove(other, id)).status).toBe(404);
  });
  it('rebuilding the play counts, listening history and tag usage from the log gives the live tables back', async () => {
    const listed = await request(world.url).get('/v1/tracks').query({ limit: 1 });
    const played = listed.body.data.tracks[0].id as number;
    for (let i = 0; i < 3; i++) expect((await request(world.url).get(`/v1/tracks/${played}/play`).set(bearer(other))).status).toBe(200);
    const db = world.server.platform.database.db;
    const tables = {
      track_plays: () => db.selectFrom('track_play_counts').selectAll().orderBy('track_id').execute(),
      listening_history: () => db.selectFrom('listening_history').selectAll().orderBy('event_position').execute(),
      tag_usage: () => db.selectFrom('tag_usage_tracks').selectAll().orderBy('track_id').execute(),
    };
    const status = async (name: string) => {
      const res = await request(world.url).get('/v1/admin/projections').set(bearer(world.admin));
      return res.body.data.projections.find((p: { name: string }) => p.name === name) as { status: string; lag: number };
    };
    for (const [name, rows] of Object.entries(tables)) {
      await waitFor(async () => (await status(name)).lag === 0);
      const live = await rows();
      expect(live.length, name).toBeGreaterThan(0);
      await request(world.url).post(`/v1/admin/projections/${name}/rebuild`).set(bearer(world.admin)).expect(202);
      await waitFor(async () => {
        const now = await status(name);
        return now.status === 'live' && now.lag === 0;
      });
      expect(await rows(), name).toEqual(live);
    }
  });
});
