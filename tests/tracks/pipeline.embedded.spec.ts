import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { startEmbeddedServer } from '../support/embedded';
import { factories } from '../support/factories';
import type { TestServer } from '../support/server';
import { waitFor } from '../support/services';
import { bearer, createTrack, getTrack, putUpload, uploadTrack, type TracksWorld } from './helpers';
import { absoluteUrl } from '../support/urls';

const ADMIN_ENV = { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password };

/** What `npm start` runs on a bare machine: PGlite, in-process bus and queue, local disk, in-process transcoder. */
describe('embedded mode: upload → transcode → play in one process', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-embedded-tracks-'));
    const server = await startEmbeddedServer(dataDir, { env: ADMIN_ENV });
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    world = {
      server: server as unknown as TestServer, url: server.url, admin, dataDir,
      stop: async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    fixtures = await createAudioFixtures();
  });
  afterAll(async () => {
    await world?.stop();
    await fixtures?.remove();
  });

  it('makes a lossless upload ready and streams its flac rendition with Range', async () => {
    expect(world.server.platform.database.kind).toBe('pglite');
    expect(world.server.platform.transcodeQueue.kind).toBe('in-process');
    const id = await uploadTrack(world, world.admin, await fixtures.make('flac'), { visibility: 'public', tags: ['Embedded'] });
    expect((await getTrack(world, null, id)).body.data.track).toMatchObject({ status: 'ready', qualities: ['standard', 'high', 'flac'] });
    await factories(world).setConfig(world.admin, { streaming_quality: 'flac' });
    const play = await request(world.url).get(`/v1/tracks/${id}/play`).set(bearer(world.admin));
    expect(play.body.data).toMatchObject({ quality: 'flac', mimetype: 'audio/flac' });
    const ranged = await fetch(absoluteUrl(world.url, play.body.data.url), { headers: { range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1')).toBe('fLaC');
  });
});

describe('embedded mode: a restart while a track is processing', () => {
  it('queues the unfinished transcode again, so the track still ends ready', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-embedded-restart-'));
    const fixtures = await createAudioFixtures();
    try {
      // First run without a transcoder: the upload is dispatched to the in-memory queue and lost with the process.
      const first = await startEmbeddedServer(dataDir, { roles: ['api', 'projector'], env: ADMIN_ENV });
      const admin = await login(first.url, ADMIN.email, ADMIN.password);
      const world = { server: first as unknown as TestServer, url: first.url, admin, dataDir, stop: async () => undefined };
      const created = await createTrack(world, admin, await putUpload(world, admin, await fixtures.make('mp3')), { visibility: 'public' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.track.id as number;
      await waitFor(async () => {
        const dispatch = await first.platform.database.db.selectFrom('projection_checkpoints').select('last_position')
          .where('name', '=', 'transcode_dispatch').executeTakeFirst();
        return (dispatch?.last_position ?? 0) >= (await first.platform.store.headPosition());
      });
      await first.close();

      const second = await startEmbeddedServer(dataDir, { port: first.port, env: ADMIN_ENV });
      try {
        const again = { ...world, server: second as unknown as TestServer, url: second.url };
        const track = await waitFor(async () => {
          const res = await getTrack(again, admin, id);
          return res.body.data?.track?.status === 'ready' ? res.body.data.track : null;
        }, 60_000, 200);
        expect(track.qualities).toEqual(['standard', 'high']);
      } finally {
        await second.close();
      }
    } finally {
      await fixtures.remove();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
