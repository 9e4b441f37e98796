import { readFile } from 'node:fs/promises';
import { UploadSweeper } from '@stardeck/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { createTrack, member, objectExists, preflight, putUpload, startTracksWorld, type TracksWorld } from './helpers';

const MB = 1024 * 1024;

describe('uploads signed but never turned into a track', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;

  // No transcoder: tracks stay as uploaded. The projector sends the members' sign-up mail.
  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld({ roles: ['api', 'projector'] }), createAudioFixtures()]);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  const expireReservations = () =>
    world.server.platform.database.db.updateTable('pending_uploads').set({ expires_at: new Date(Date.now() - 1000) }).execute();

  it('count against the quota until they expire, so orphaned uploads are not free storage', async () => {
    const bob = await member(world);
    const chunk = (await readFile(await fixtures.make('mp3'))).subarray(0, 4096);
    const big = { filename: 'big.mp3', filesize: 200 * MB, filetype: 'audio/mpeg', chunk };
    for (let i = 0; i < 5; i++) expect((await preflight(world, bob, big)).status).toBe(200);
    const refused = await preflight(world, bob, big);
    expect(refused.status).toBe(413);
    expect(refused.body.error_code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(refused.body.msg.description).toMatch(/1000\.0 MB of 1024 MB/);

    await expireReservations();
    expect((await preflight(world, bob, big)).status).toBe(200);
  });

  it('are deleted from storage by the sweeper once expired; uploads that became tracks are kept', async () => {
    const carol = await member(world);
    const abandoned = await putUpload(world, carol, await fixtures.make('mp3'));
    const kept = await putUpload(world, carol, await fixtures.make('ogg'));
    const created = await createTrack(world, carol, kept, { visibility: 'public' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await objectExists(world, abandoned.key)).toBe(true);

    const sweeper = world.server.app.get(UploadSweeper);
    await sweeper.sweep();
    expect(await objectExists(world, abandoned.key)).toBe(true);
    await expireReservations();
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(await objectExists(world, abandoned.key)).toBe(false);
    const track = await world.server.platform.database.db.selectFrom('tracks').select('source_key').where('id', '=', created.body.data.track.id).executeTakeFirstOrThrow();
    expect(await objectExists(world, track.source_key)).toBe(true);
    const left = await world.server.platform.database.db.selectFrom('pending_uploads').select('key').where('user_id', '=', carol.me.id).execute();
    expect(left).toEqual([]);
  });
});

describe('signing uploads', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  // No transcoder: tracks stay as uploaded. The projector sends the members' sign-up mail.
  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld({ roles: ['api', 'projector'] }), createAudioFixtures()]);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  it('is limited to 100 preflights an hour per member', async () => {
    const dave = await member(world);
    const chunk = (await readFile(await fixtures.make('mp3'))).subarray(0, 4096);
    const small = { filename: 's.mp3', filesize: 5000, filetype: 'audio/mpeg', chunk };
    for (let i = 0; i < 100; i++) expect((await preflight(world, dave, small)).status).toBe(200);
    const blocked = await preflight(world, dave, small);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await preflight(world, await member(world), small)).status).toBe(200);
  });
});
