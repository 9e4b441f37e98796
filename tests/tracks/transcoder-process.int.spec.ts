import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { servicesEnv } from '../support/services';
import { getTrack, member, startTracksWorld, uploadTrack, type TracksWorld } from './helpers';

const TRANSCODER = join(__dirname, '../../apps/transcoder/dist/main.js');

/** Services mode split into processes: an API with projections here, the transcoder on its own. */
describe('the standalone transcoder process', () => {
  let world: TracksWorld;
  let fixtures: AudioFixtures;
  let transcoder: ChildProcess;
  let output = '';

  beforeAll(async () => {
    [world, fixtures] = await Promise.all([startTracksWorld({ roles: ['api', 'projector'] }), createAudioFixtures()]);
    transcoder = spawn(process.execPath, [TRANSCODER], {
      env: servicesEnv(world.server.services!.db, world.server.services!.stream, { DATA_DIR: world.dataDir, LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    transcoder.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    transcoder.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });
  afterAll(async () => {
    if (transcoder && transcoder.exitCode === null) {
      const exited = new Promise((resolve) => transcoder.once('exit', resolve));
      transcoder.kill('SIGTERM');
      await exited;
    }
    await world?.stop();
    await fixtures?.remove();
  });

  it('takes the job the projector dispatched and records the outcome', async () => {
    const alice = await member(world);
    const id = await uploadTrack(world, alice, await fixtures.make('m4a'), { visibility: 'public' });
    const track = (await getTrack(world, alice, id)).body.data.track;
    expect(track, output).toMatchObject({ status: 'ready', qualities: ['standard', 'high'], duration: '0:04' });
    expect(output).toMatch(/track transcoded/);
  });
});
