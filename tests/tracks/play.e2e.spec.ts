import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { factories, type Factories } from '../support/factories';
import { waitFor } from '../support/services';
import { bearer, startTracksWorld, uploadTrack, type Session, type TracksWorld } from './helpers';
import { absoluteUrl } from '../support/urls';

type Quality = 'standard' | 'high' | 'flac';
const FILE: Record<Quality, string> = { standard: 'standard.mp3', high: 'high.mp3', flac: 'lossless.flac' };
/** Spec §4/§6: what each tier streams for each configured quality. */
const EXPECTED: Record<'free' | 'core' | 'premium' | 'admin', Record<Quality, Quality>> = {
  free: { standard: 'standard', high: 'standard', flac: 'standard' },
  core: { standard: 'standard', high: 'high', flac: 'high' },
  premium: { standard: 'standard', high: 'high', flac: 'flac' },
  admin: { standard: 'standard', high: 'high', flac: 'flac' },
};

async function bytesOf(world: TracksWorld, key: string, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await world.server.platform.storage.read(key, { start, end })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('play: signed URLs by tier and quality, Range, plays and history', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let make: Factories;
  let owner: Session;
  let listener: Session;
  let lossless: number;
  let lossy: number;
  let secret: number;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
    make = factories(world);
    [owner, listener] = await Promise.all([make.newMember(), make.newMember()]);
    lossless = await uploadTrack(world, owner, await fixtures.make('flac'), { visibility: 'public', title: 'lossless' });
    lossy = await uploadTrack(world, owner, await fixtures.make('ogg'), { visibility: 'unlisted', title: 'lossy' });
    secret = await uploadTrack(world, owner, await fixtures.make('mp3'), { title: 'secret' });
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
    await make?.dispose();
  });

  const play = (session: Session, id: number) => request(world.url).get(`/v1/tracks/${id}/play`).set(bearer(session));

  it('streams the best rendition each tier may have, and the URL serves byte ranges', async () => {
    for (const tier of ['free', 'core', 'premium', 'admin'] as const) {
      const session = tier === 'admin' ? world.admin : listener;
      if (tier !== 'admin') await make.setTier(listener, tier);
      for (const wanted of ['standard', 'high', 'flac'] as const) {
        await make.setConfig(session, { streaming_quality: wanted });
        const res = await play(session, lossless);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const expected = EXPECTED[tier][wanted];
        expect(res.body.data.quality, `${tier} asking for ${wanted}`).toBe(expected);
        const key = `tracks/${lossless}/${FILE[expected]}`;
        expect(new URL(res.body.data.url, world.url).pathname).toContain(key);
        const ranged = await fetch(absoluteUrl(world.url, res.body.data.url), { headers: { range: 'bytes=100-1123' } });
        expect(ranged.status).toBe(206);
        expect(ranged.headers.get('content-range')).toMatch(/^bytes 100-1123\/\d+$/);
        expect(Buffer.from(await ranged.arrayBuffer()).equals(await bytesOf(world, key, 100, 1123))).toBe(true);
      }
    }
  });

  it('streams what a lowered tier allows, whatever quality was saved before', async () => {
    await make.setTier(listener, 'premium');
    await make.setConfig(listener, { streaming_quality: 'flac' });
    await make.setTier(listener, 'core');
    expect((await play(listener, lossless)).body.data.quality).toBe('high');
    await make.setTier(listener, 'free');
    expect((await play(listener, lossless)).body.data.quality).toBe('standard');
  });

  it('falls back to high when the track has no lossless rendition', async () => {
    await make.setTier(listener, 'premium');
    await make.setConfig(listener, { streaming_quality: 'flac' });
    const res = await play(listener, lossy);
    expect(res.body.data.quality).toBe('high');
    expect(res.body.data.mimetype).toBe('audio/mpeg');
  });

  it("refuses a private track's play URL to others, and a tampered URL", async () => {
    expect((await play(listener, secret)).status).toBe(404);
    expect((await play(listener, 999_999)).status).toBe(404);
    const own = await play(owner, secret);
    expect(own.status).toBe(200);
    const forged = new URL(own.body.data.url, world.url);
    forged.pathname = forged.pathname.replace(`tracks/${secret}/`, `tracks/${lossless}/`);
    expect((await fetch(forged)).status).toBe(403);
  });

  it('counts plays and keeps a listening history, shared unless the listener hides it', async () => {
    // Earlier tests played this track too, and the count is an async projection: take the plays
    // already in the log, not a projection that may still be catching up.
    const logged = await world.server.platform.database.db.selectFrom('events').select(sql<number>`count(*)::int`.as('n'))
      .where('type', '=', 'TrackPlayed').where(sql<boolean>`(data->>'track_id')::bigint = ${lossy}`).executeTakeFirstOrThrow();
    const before = logged.n;
    await play(listener, lossy);
    await play(listener, lossy);
    await waitFor(async () => {
      const track = (await request(world.url).get(`/v1/tracks/${lossy}`).set(bearer(owner))).body.data.track;
      return track.play_count === before + 2 && track.analysis.play_count === before + 2;
    });
    const mine = await waitFor(async () => {
      const res = await request(world.url).get('/v1/listening_history').set(bearer(listener)).query({ limit: 2 });
      return res.body.data.tracks[0]?.id === lossy && res.body.data.total >= 2 ? res.body.data : null;
    });
    expect(mine.tracks[0]).toMatchObject({ id: lossy, title: 'lossy' });
    expect(typeof mine.tracks[0].played_at).toBe('string');
    expect(mine.has_more).toBe(true);

    const other = await request(world.url).get('/v1/listening_history').set(bearer(owner)).query({ username: listener.me.username });
    expect(other.status).toBe(200);
    expect(other.body.data.total).toBe(mine.total);
    await make.setConfig(listener, { share_listening_history: false });
    expect((await request(world.url).get('/v1/listening_history').set(bearer(owner)).query({ username: listener.me.username })).status).toBe(403);
    expect((await request(world.url).get('/v1/listening_history').set(bearer(listener))).status).toBe(200);
  });

  it('hides private tracks from someone else viewing a history', async () => {
    await play(owner, secret);
    const others = await waitFor(async () => {
      const own = await request(world.url).get('/v1/listening_history').set(bearer(owner));
      return own.body.data.tracks.some((t: { id: number }) => t.id === secret) ? own : null;
    });
    expect(others.status).toBe(200);
    const viewed = await request(world.url).get('/v1/listening_history').set(bearer(listener)).query({ username: owner.me.username });
    expect(viewed.body.data.tracks.some((t: { id: number }) => t.id === secret)).toBe(false);
  });

  it('endless mode: random listed tracks for premium, limited to 50, excluding ids', async () => {
    await make.setTier(listener, 'free');
    expect((await request(world.url).post('/v1/tracks/infinite').set(bearer(listener)).send({ limit: 5 })).status).toBe(403);
    await make.setTier(listener, 'premium');
    const res = await request(world.url).post('/v1/tracks/infinite').set(bearer(listener)).send({ limit: 5, exclude_ids: [] });
    expect(res.status).toBe(200);
    expect(res.body.data.tracks.map((t: { id: number }) => t.id)).toEqual([lossless]);
    const excluded = await request(world.url).post('/v1/tracks/infinite').set(bearer(listener)).send({ limit: 5, exclude_ids: [lossless] });
    expect(excluded.body.data.tracks).toEqual([]);
    expect((await request(world.url).post('/v1/tracks/infinite').set(bearer(listener)).send({ limit: 51 })).status).toBe(400);
  });
});
