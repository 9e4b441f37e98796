import { readFile } from 'node:fs/promises';
import { UploadSweeper } from '@stardeck/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { waitFor } from '../support/services';
import { createTrack, getTrack, member, objectExists, preflight, startTracksWorld, type TracksWorld } from './helpers';
import { absoluteUrl } from '../support/urls';

describe('a signed upload URL once its track is created', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld(), createAudioFixtures()]);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  it('changes nothing the track plays or transcodes, cannot make a second track, and what it wrote is swept', async () => {
    const alice = await member(world);
    const original = await readFile(await fixtures.make('mp3', { seconds: 6 }));
    const replacement = await readFile(await fixtures.make('mp3', { seconds: 2 }));
    expect(replacement.length).toBeLessThan(original.length);
    const pre = await preflight(world, alice, { filename: 'mine.mp3', filesize: original.length, filetype: 'audio/mpeg', chunk: original.subarray(0, 4096) });
    const { headers, key } = pre.body.data;
    const url = absoluteUrl(world.url, pre.body.data.upload_url);
    expect((await fetch(url, { method: 'PUT', headers, body: original })).status).toBe(200);

    // The transcode waits until the URL has been used again.
    const queue = world.server.platform.transcodeQueue;
    const enqueue = queue.enqueue.bind(queue);
    const held: Parameters<typeof queue.enqueue>[] = [];
    queue.enqueue = async (...args) => void held.push(args);
    let id: number;
    try {
      const created = await createTrack(world, alice, { key, bytes: original, filename: 'mine.mp3' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      id = created.body.data.track.id;
      await waitFor(async () => held.length > 0);
      await fetch(url, { method: 'PUT', headers, body: replacement });
    } finally {
      queue.enqueue = enqueue;
    }
    await enqueue(...held[0]!);

    const track = await waitFor(async () => {
      const t = (await getTrack(world, alice, id)).body.data.track;
      return t.status === 'processing' ? null : t;
    }, 30_000, 200);
    expect(track).toMatchObject({ status: 'ready', duration: '0:06' });
    const { source_key } = await world.server.platform.database.db.selectFrom('tracks').select('source_key').where('id', '=', id).executeTakeFirstOrThrow();
    const stored: Buffer[] = [];
    for await (const chunk of await world.server.platform.storage.read(source_key)) stored.push(chunk as Buffer);
    expect(Buffer.concat(stored).equals(original)).toBe(true);

    const again = await createTrack(world, alice, { key, bytes: replacement, filename: 'mine.mp3' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_code: 'UPLOAD_FAILED', msg: { description: 'This upload already belongs to a track' } });

    await world.server.platform.database.db.updateTable('pending_uploads').set({ expires_at: new Date(Date.now() - 1000) }).where('key', '=', key).execute();
    await world.server.app.get(UploadSweeper).sweep();
    expect(await objectExists(world, key)).toBe(false);
    expect(await objectExists(world, source_key)).toBe(true);
  });
});

describe('what a used upload URL writes again', () => {
  const MB = 1024 * 1024;
  let world: TracksWorld;
  let fixtures: AudioFixtures;

  // No transcoder: the track stays the size of its upload, so the sums below are exact.
  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld({ roles: ['api', 'projector'] }), createAudioFixtures()]);
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  it('counts against the quota at once, and is swept as soon as the URL can no longer write', async () => {
    const alice = await member(world);
    const original = await readFile(await fixtures.make('mp3', { seconds: 6 }));
    const stray = await readFile(await fixtures.make('mp3', { seconds: 2 }));
    const pre = await preflight(world, alice, { filename: 'mine.mp3', filesize: original.length, filetype: 'audio/mpeg', chunk: original.subarray(0, 4096) });
    const { headers, key } = pre.body.data;
    const url = absoluteUrl(world.url, pre.body.data.upload_url);
    expect((await fetch(url, { method: 'PUT', headers, body: original })).status).toBe(200);
    const created = await createTrack(world, alice, { key, bytes: original, filename: 'mine.mp3' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await fetch(url, { method: 'PUT', headers, body: stray })).status).toBe(200);
    expect(await objectExists(world, key)).toBe(true);

    // Reserve all that is left of the free 1024 MB but the stray object's size, then ask for that size.
    const chunk = original.subarray(0, 4096);
    const ask = (filesize: number) => preflight(world, alice, { filename: 'more.mp3', filesize, filetype: 'audio/mpeg', chunk });
    let left = 1024 * MB - original.length - stray.length;
    while (left > 0) {
      const size = Math.min(200 * MB, left);
      expect((await ask(size)).status).toBe(200);
      left -= size;
    }
    const refused = await ask(stray.length);
    expect(refused.status, JSON.stringify(refused.body)).toBe(413);
    expect(refused.body.error_code).toBe('STORAGE_QUOTA_EXCEEDED');

    // The reservation of a used URL lasts only as long as the URL: the sweeper then removes what it wrote.
    const { expires_at } = await world.server.platform.database.db.selectFrom('pending_uploads').select('expires_at').where('key', '=', key).executeTakeFirstOrThrow();
    expect(expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 3600 * 1000);
    await world.server.platform.database.db.updateTable('pending_uploads').set({ expires_at: new Date(Date.now() - 1000) }).where('key', '=', key).execute();
    await world.server.app.get(UploadSweeper).sweep();
    expect(await objectExists(world, key)).toBe(false);
    expect((await ask(stray.length)).status).toBe(200);
  });
});
