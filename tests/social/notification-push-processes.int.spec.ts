import { startServer, type RunningServer } from '@stardeck/api';
import type { NotificationPush } from '@stardeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../auth/helpers';
import { PROJECTOR_MAIN, killAll, spawnNode } from '../support/processes';
import { servicesEnv } from '../support/services';
import { connected, openSocket, recorder } from '../support/sockets';
import { member, startTracksWorld, type TracksWorld } from '../tracks/helpers';
import { call } from './helpers';

/**
 * Production's shape: API processes behind a balancer and the projections in a process of their
 * own. The projector writes the notification and signals over NATS; the API process that holds
 * the member's socket, not the one that took the request, pushes it.
 */
describe('live notifications across processes', () => {
  let world: TracksWorld;
  let second: RunningServer | undefined;

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api'] });
    const { db, stream } = world.server.services!;
    spawnNode(PROJECTOR_MAIN, servicesEnv(db, stream));
    second = await startServer({ roles: ['api'], webDir: null, env: servicesEnv(db, stream, { PORT: '0', HOST: '127.0.0.1', PUBLIC_URL }) });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await killAll();
    await world?.stop();
  });

  it('reaches a tab connected to another API process within a second of the action', async () => {
    const [owner, fan] = await Promise.all([member(world), member(world)]);
    const socket = openSocket(second!.url, owner.token);
    try {
      const tab = recorder(socket);
      await connected(socket);
      const actedAt = Date.now();
      const res = await call(world, fan, 'post', '/v1/subscribe', { username: owner.me.username });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const arrived = await tab.next<NotificationPush>('notification');
      expect(arrived.at - actedAt).toBeLessThan(1000);
      expect(arrived.payload).toMatchObject({ notification: { action: 'subscribe', actor: { id: fan.me.id } }, notification_count: 1 });
    } finally {
      socket.close();
    }
  });
});
