import { startServer, type RunningServer } from '@stardeck/api';
import type { SonarMessage, SonarUser } from '@stardeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../auth/helpers';
import { call } from '../social/helpers';
import { servicesEnv } from '../support/services';
import { member, startTracksWorld, type TracksWorld } from '../tracks/helpers';
import { chatToken, joinChat, type ChatTab } from './helpers';

/**
 * Production's shape: several API processes behind a balancer, one Postgres and one NATS. Members
 * of one room land on different processes; the Socket.IO Postgres adapter carries every broadcast
 * and every "who is here" question between them.
 */
describe('Sonar across API processes', () => {
  let world: TracksWorld;
  let second: RunningServer | undefined;
  const tabs: ChatTab[] = [];

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
    const { db, stream } = world.server.services!;
    second = await startServer({ roles: ['api'], webDir: null, env: servicesEnv(db, stream, { PORT: '0', HOST: '127.0.0.1', PUBLIC_URL }) });
  }, 120_000);
  afterAll(async () => {
    for (const tab of tabs) tab.socket.close();
    await second?.close();
    await world?.stop();
  });

  it('a message sent through one process reaches a socket on the other, with typing, presence and the user list', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const a = await joinChat(world.url, (await chatToken(world, alice)).token, { roomId: 'crossing' });
    tabs.push(a);
    const b = await joinChat(second!.url, (await chatToken(world, bob)).token, { roomId: 'crossing' });
    tabs.push(b);
    const users = (await b.tab.next<{ users: SonarUser[] }>('user_list')).payload.users;
    expect(users.map((u) => u.id).sort()).toEqual([alice.me.id, bob.me.id].sort());
    expect((await a.tab.next<{ user: SonarUser }>('user_joined')).payload.user.id).toBe(bob.me.id);

    const sentAt = Date.now();
    const sent = await b.send('message', { content: 'across the wire' });
    const heard = await a.tab.next<SonarMessage>('new_message', (m) => m.content === 'across the wire');
    expect(heard.payload).toEqual(sent.message);
    expect(heard.at - sentAt).toBeLessThan(1000);

    b.socket.emit('typing', { isTyping: true });
    expect((await a.tab.next('typing_indicator')).payload).toMatchObject({ userId: bob.me.id, isTyping: true });
    const edited = await b.send('edit_message', { messageId: sent.message!.id, content: 'across the wire, edited' });
    expect(edited.ok).toBe(true);
    expect((await a.tab.next<SonarMessage>('message_edited')).payload.content).toBe('across the wire, edited');

    const info = await call(world, alice, 'get', '/v1/sonar/crossing/info');
    expect(info.body.data).toMatchObject({ roomId: 'crossing', userCount: 2 });
  });
});
