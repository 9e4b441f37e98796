import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { waitFor } from '../support/services';
import { createTrack, member, putUpload, startTracksWorld, type TracksWorld } from '../tracks/helpers';

/** What an operator reads in the event inspector to follow one action through the processes. */
describe('event metadata', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  it('names the actor and request, and chains the transcoder outcome to the upload that caused it', async () => {
    const alice = await member(world);
    const upload = await putUpload(world, alice, await fixtures.make('mp3'));
    const created = await createTrack(world, alice, upload).set('x-request-id', 'upload-req-42');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stream = `track-${created.body.data.track.id}`;

    const events = await waitFor(async () => {
      const list = await world.server.platform.store.query({ stream, limit: 10 });
      return list.some((e) => e.type === 'TrackTranscoded') ? list : null;
    }, 60_000);
    const uploaded = events.find((e) => e.type === 'TrackUploaded')!;
    const transcoded = events.find((e) => e.type === 'TrackTranscoded')!;
    expect(uploaded.metadata).toMatchObject({ actor: alice.me.id, request_id: 'upload-req-42', correlation_id: 'upload-req-42' });
    expect(transcoded.metadata).toMatchObject({ actor: 'system', causation_id: uploaded.event_id, correlation_id: 'upload-req-42' });
  });
});
