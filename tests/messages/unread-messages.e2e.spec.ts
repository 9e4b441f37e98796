import type { DirectMessageCountPush, DirectMessagePush, Me } from '@stardeck/contracts';
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../social/helpers';
import { connected, openSocket, recorder } from '../support/sockets';
import { member, startTracksWorld, type Session, type TracksWorld } from '../tracks/helpers';

/**
 * Unread direct messages: the count every `me` carries, read from the server's read model, and
 * the pushes that keep a member's open tabs up to date (a message arrives, a conversation is read
 * in another tab).
 */
describe('unread direct messages', () => {
  let world: TracksWorld;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
  }, 120_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const send = async (from: Session, to: Session, content: string) => {
    const res = await call(world, from, 'post', '/v1/messages', { recipient_username: to.me.username, content });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { conversation_id: string; message: { id: number } };
  };
  /** `me` as a renewal of the sign-in gives it (what a tab gets on opening). */
  const meOf = async (session: Session): Promise<Me> => {
    const res = await request(world.url).post('/v1/sync').set('cookie', session.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.me as Me;
  };
  const tabOf = async (session: Session) => {
    const socket = openSocket(world.url, session.token);
    sockets.push(socket);
    const heard = recorder(socket);
    await connected(socket);
    return heard;
  };

  it('every me counts the messages waiting across conversations; reading one conversation takes off its own', async () => {
    const [alice, bob, carol] = await Promise.all([member(world), member(world), member(world)]);
    expect(bob.me.unread_message_count).toBe(0);
    const withAlice = await send(alice, bob, 'one');
    await send(alice, bob, 'two');
    await send(carol, bob, 'three');
    await send(bob, alice, 'a reply');
    const me = await meOf(bob);
    expect(me.unread_message_count).toBe(3);
    // The sender's own messages never wait for them.
    expect((await meOf(carol)).unread_message_count).toBe(0);
    expect((await meOf(alice)).unread_message_count).toBe(1);

    const read = await call(world, bob, 'post', `/v1/conversations/${withAlice.conversation_id}/read`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.me.unread_message_count).toBe(1);
    expect((await meOf(bob)).unread_message_count).toBe(1);
  });

  it('a message reaches every open tab of its recipient, with its sender and the new count, and nobody else', async () => {
    const [alice, bob, carol] = await Promise.all([member(world), member(world), member(world)]);
    const [tabA, tabB, senderTab, otherTab] = [await tabOf(bob), await tabOf(bob), await tabOf(alice), await tabOf(carol)];
    const sent = await send(alice, bob, 'hello <b>bob</b>');
    const arrived = await Promise.all([tabA, tabB].map((tab) => tab.next<DirectMessagePush>('direct_message', () => true, 5000)));
    for (const { payload } of arrived) {
      expect(payload).toMatchObject({
        message: { id: sent.message.id, conversation_id: sent.conversation_id, sender_id: alice.me.id, content: 'hello <b>bob</b>' },
        sender: { id: alice.me.id, username: alice.me.username },
        unread_message_count: 1,
      });
    }
    // What the tab got is what the conversation shows.
    const page = await call(world, bob, 'get', `/v1/conversations/${sent.conversation_id}/messages`);
    expect(page.body.data.messages[0]).toEqual(arrived[0]!.payload.message);
    await send(alice, bob, 'again');
    expect((await tabA.next<DirectMessagePush>('direct_message', (p) => p.message.content === 'again')).payload.unread_message_count).toBe(2);
    expect(senderTab.received.filter((r) => r.event.startsWith('direct_message'))).toEqual([]);
    expect(otherTab.received).toEqual([]);
  });

  it('reading a conversation in one tab brings the count down in the others', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const sent = await send(alice, bob, 'one');
    await send(alice, bob, 'two');
    const tab = await tabOf(bob);
    expect((await call(world, bob, 'post', `/v1/conversations/${sent.conversation_id}/read`)).status).toBe(200);
    expect((await tab.next<DirectMessageCountPush>('direct_message_count')).payload).toEqual({ unread_message_count: 0 });
  });
});
