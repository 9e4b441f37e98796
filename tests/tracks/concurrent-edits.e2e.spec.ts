import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { bearer, getTrack, member, startTracksWorld, uploadTrack, type Session, type TracksWorld } from './helpers';

describe('editing a track', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let owner: Session;
  let mp3: string;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
    owner = await member(world);
    mp3 = await fixtures.make('mp3');
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  const edit = (body: Record<string, unknown>) => request(world.url).put('/v1/manage/tracks').set(bearer(owner)).send(body);

  it('answers an edit that leaves out the tags at once, keeping the tags, and keeps answering afterwards', async () => {
    const id = await uploadTrack(world, owner, mp3, { title: 'Tagged', tags: ['drone', 'field'] });
    const res = await edit({ track_id: id, title: 'Tagged, renamed' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.track).toMatchObject({ title: 'Tagged, renamed', tags: [{ name: 'drone' }, { name: 'field' }] });
    expect((await getTrack(world, owner, id)).status).toBe(200);
  });

  it('keeps both fields of two partial edits sent at the same moment, or refuses one with 409', async () => {
    for (let round = 0; round < 8; round++) {
      const id = await uploadTrack(world, owner, mp3, { title: `Round ${round}`, description: 'first notes', visibility: 'private' });
      const [described, published] = await Promise.all([
        edit({ track_id: id, title: `Round ${round}`, description: `notes ${round}` }),
        edit({ track_id: id, title: `Round ${round}`, visibility: 'public' }),
      ]);
      expect([described.status, published.status].sort()).toSatisfy((statuses: number[]) =>
        (statuses[0] === 200 && statuses[1] === 200) || (statuses[0] === 200 && statuses[1] === 409));
      const track = (await getTrack(world, owner, id)).body.data.track;
      if (described.status === 200) expect(track.description).toBe(`notes ${round}`);
      else expect(track.description).toBe('first notes');
      if (published.status === 200) expect(track.visibility).toBe('public');
      else expect(track.visibility).toBe('private');
    }
  });
});
