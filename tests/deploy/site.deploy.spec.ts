import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, newMember, type Session } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { waitFor } from '../support/services';
import { openSocket } from '../support/sockets';
import { createTrack, putUpload, uploadTrack } from '../support/uploads';
import { absoluteUrl } from '../support/urls';

/**
 * The Compose site that deploy/test.sh brought up (STARDECK_DEPLOY_SITE): everything through its
 * proxy, as a browser would, and the failures an operator has to live with: a transcoder lost
 * mid-job, an API replica lost under open sockets. Timings are printed for the closing figures.
 */
const SITE = process.env.STARDECK_DEPLOY_SITE!;
const PROJECT = process.env.STARDECK_DEPLOY_PROJECT!;
const run = promisify(execFile);
const podman = (...args: string[]) => run('podman', args, { maxBuffer: 16 * 1024 * 1024 });
const container = (service: string) => `${PROJECT}_${service}_1`;
const target = { url: SITE };

describe('a Compose site, through its proxy', () => {
  let admin: Session;
  let member: Session;
  let fixtures: AudioFixtures;

  beforeAll(async () => {
    admin = await login(SITE, process.env.STARDECK_DEPLOY_ADMIN_EMAIL!, process.env.STARDECK_DEPLOY_ADMIN_PASSWORD!);
    member = await newMember(SITE, admin);
    fixtures = await createAudioFixtures();
  }, 120_000);
  afterAll(async () => {
    await fixtures?.remove();
  });

  it('lets a member upload a track and play it, the audio coming from the bucket through the proxy', async () => {
    const started = Date.now();
    const id = await uploadTrack(target, member, await fixtures.make('mp3'), { title: 'Harbour Lights' });
    console.log(`upload → ready through the proxy: ${Date.now() - started} ms`);
    const play = await request(SITE).get(`/v1/tracks/${id}/play`).set(bearer(member)).expect(200);
    const url = absoluteUrl(SITE, play.body.data.url);
    expect(new URL(url).origin).toBe(SITE);
    const audio = await fetch(url, { headers: { range: 'bytes=0-1023' } });
    expect(audio.status).toBe(206);
    expect((await audio.arrayBuffer()).byteLength).toBe(1024);
  }, 120_000);

  it('finishes a transcode whose transcoder is killed mid-job on the other transcoder', async () => {
    // Half an hour of silence: a few hundred KB to upload, and long enough to encode (about 30 s
    // here) that the kill lands mid-job.
    const upload = await putUpload(target, member, await fixtures.silentFlac(1800));
    const created = await createTrack(target, member, upload, { title: 'Long Night' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.track.id as number;
    // Whichever transcoder took the job says so in its log.
    const holder = await waitFor(async () => {
      for (const service of ['transcoder-1', 'transcoder-2']) {
        const { stdout } = await podman('logs', container(service));
        // Job ids travel as text in the queue: "trackId":"12".
        if (new RegExp(`"trackId":"?${id}"?,"attempt":1,"msg":"transcoding"`).test(stdout)) return service;
      }
      return null;
    }, 60_000, 250);
    const killed = Date.now();
    await podman('kill', container(holder));
    await waitFor(async () => {
      const track = await request(SITE).get(`/v1/tracks/${id}`).set(bearer(member));
      return track.body.data.track.status === 'ready';
    }, 180_000, 500);
    console.log(`transcoder ${holder} killed mid-job; the track was ready ${Date.now() - killed} ms later`);
    await podman('start', container(holder));
  }, 300_000);

  it('reconnects the Socket.IO clients of a killed API replica to the other one', async () => {
    // Round-robin spreads new connections over both replicas.
    const sockets: Socket[] = [];
    const reconnected = new Set<Socket>();
    try {
      for (let i = 0; i < 6; i++) {
        const socket = openSocket(SITE, member.token);
        socket.io.reconnection(true);
        socket.io.reconnectionDelay(200);
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        socket.on('disconnect', () => socket.once('connect', () => reconnected.add(socket)));
      }
      const killed = Date.now();
      await podman('kill', container('api-1'));
      await waitFor(async () => sockets.every((s) => s.connected) && reconnected.size > 0, 30_000, 50);
      console.log(`api-1 killed: ${reconnected.size} of ${sockets.length} sockets reconnected to api-2 within ${Date.now() - killed} ms`);
      // The site still answers through the proxy, from the replica left.
      await request(SITE).get('/v1/tracks').set(bearer(member)).expect(200);
    } finally {
      for (const socket of sockets) socket.close();
      await podman('start', container('api-1')).catch(() => undefined);
    }
  }, 120_000);
});
