import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@stardeck/api';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import type { TestServer } from '../support/server';
import { bearer, getTrack, uploadTrack, type TracksWorld } from './helpers';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** What `npm start` runs on a bare machine: PGlite, in-process bus and queue, local disk, in-process transcoder. */
describe('embedded mode: upload → transcode → play in one process', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-embedded-tracks-'));
    const port = await freePort();
    const env: Record<string, string | undefined> = { ...process.env };
    for (const name of Object.keys(env)) {
      if (['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'STARDECK_SECRET'].includes(name) || name.startsWith('S3_')) delete env[name];
    }
    const server = await startServer({
      roles: ['api', 'projector', 'transcoder'],
      env: {
        ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent',
        STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password,
      },
      webDir: null,
    });
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
    await world.server.platform.database.db.updateTable('users').set({ config: JSON.stringify({ streaming_quality: 'flac' }) })
      .where('id', '=', world.admin.me.id).execute();
    const play = await request(world.url).get(`/v1/tracks/${id}/play`).set(bearer(world.admin));
    expect(play.body.data).toMatchObject({ quality: 'flac', mimetype: 'audio/flac' });
    const ranged = await fetch(play.body.data.url, { headers: { range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1')).toBe('fLaC');
  });
});
