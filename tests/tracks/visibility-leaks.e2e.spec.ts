import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { waitFor } from '../support/services';
import { bearer, member, startTracksWorld, uploadTrack, type Session, type TracksWorld } from './helpers';

/** What a member keeps private or unlisted never shows in lists other people read. */
describe('lists follow the viewer visibility rule', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let owner: Session;
  let stranger: Session;
  let listed: number;
  let unlisted: number;
  let hidden: number;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
    [owner, stranger] = await Promise.all([member(world), member(world)]);
    const mp3 = await fixtures.make('mp3');
    listed = await uploadTrack(world, owner, mp3, { visibility: 'public', tags: ['Opendoor'] });
    unlisted = await uploadTrack(world, owner, mp3, { visibility: 'unlisted', tags: ['Sidechannel'] });
    hidden = await uploadTrack(world, owner, mp3, { visibility: 'private', tags: ['Secretsauce'] });
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  const search = async (q: string, session: Session | null) => {
    const req = request(world.url).get('/v1/tags').query({ q, limit: 20 });
    const res = await (session ? req.set(bearer(session)) : req).expect(200);
    return (res.body.data.tags as { name: string }[]).map((t) => t.name);
  };

  it('finds tags of private and unlisted tracks only for their owner', async () => {
    for (const viewer of [null, stranger]) {
      expect(await search('secret', viewer)).not.toContain('Secretsauce');
      expect(await search('sidechan', viewer)).not.toContain('Sidechannel');
      expect(await search('opendo', viewer)).toContain('Opendoor');
    }
    expect(await search('secret', owner)).toContain('Secretsauce');
    expect(await search('sidechan', owner)).toContain('Sidechannel');
  });

  it("shows someone else's listening history with only the tracks listed to the viewer", async () => {
    for (const id of [listed, unlisted, hidden]) await request(world.url).get(`/v1/tracks/${id}/play`).set(bearer(owner)).expect(200);
    const own = await waitFor(async () => {
      const res = await request(world.url).get('/v1/listening_history').set(bearer(owner)).query({ limit: 10 });
      return res.body.data.total === 3 ? res.body.data : null;
    });
    expect(new Set(own.tracks.map((t: { id: number }) => t.id))).toEqual(new Set([listed, unlisted, hidden]));
    const seen = await request(world.url).get('/v1/listening_history').set(bearer(stranger)).query({ username: owner.me.username, limit: 10 }).expect(200);
    expect(seen.body.data.tracks.map((t: { id: number }) => t.id)).toEqual([listed]);
    expect(seen.body.data.total).toBe(1);
  });
});
