import type { SonarHistory, SonarMessage, SonarUser } from '@stardeck/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../social/helpers';
import { claimsOf, refusal } from '../support/sockets';
import { member, startTracksWorld, type Session, type TracksWorld } from '../tracks/helpers';
import { chatToken, joinChat, openChatSocket, signedChatToken, type ChatTab } from './helpers';

let room = 0;
/** Each test in a room of its own, so no test hears another's messages. */
const newRoom = () => `room-${Date.now().toString(36)}-${room++}`;

describe('Sonar: the chat room over its socket and HTTP', () => {
  let world: TracksWorld;
  const tabs: ChatTab[] = [];

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
  }, 120_000);
  afterEach(() => {
    vi.restoreAllMocks();
    for (const tab of tabs.splice(0)) tab.socket.close();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const join = async (session: Session, roomId: string, options: { rapidReconnect?: boolean } = {}) => {
    const tab = await joinChat(world.url, (await chatToken(world, session)).token, { roomId, ...options });
    tabs.push(tab);
    return tab;
  };
  const messages = (session: Session, roomId: string, query: object = {}) => call(world, session, 'get', `/v1/sonar/${roomId}/messages`, undefined, query);

  it('gives a short-lived chat token, and the socket takes nothing else', async () => {
    const alice = await member(world);
    const before = Date.now();
    const { token, expires_at } = await chatToken(world, alice);
    expect(Date.parse(expires_at) - before).toBeGreaterThan(60_000);
    expect(Date.parse(expires_at) - before).toBeLessThanOrEqual(10 * 60_000);
    expect(await refusal(openChatSocket(world.url, { token: alice.token }))).toBe('invalid token');
    expect(await refusal(openChatSocket(world.url, { token: '' }))).toBe('authentication required');
    const { sub, fam } = claimsOf(token);
    const expired = signedChatToken(world.server.platform.config.jwtSecret, { sub, fam }, -1);
    expect(await refusal(openChatSocket(world.url, { token: expired }))).toBe('token expired');
    // A chat token is no access token either.
    expect((await call(world, { ...alice, token }, 'get', '/v1/notifications')).status).toBe(401);
    expect((await call(world, null, 'post', '/v1/sonar/token', {})).status).toBe(401);
  });

  it('a message reaches everyone in the room, lands in the history and reads back over HTTP', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const roomId = newRoom();
    const a = await join(alice, roomId);
    const b = await join(bob, roomId);
    const sent = await a.send('message', { content: '  hello <b>room</b>  ' });
    expect(sent).toMatchObject({ ok: true, message: { content: 'hello <b>room</b>', userId: alice.me.id, roomId, isSystem: false } });
    const heard = await b.tab.next<SonarMessage>('new_message', (m) => !m.isSystem);
    expect(heard.payload).toEqual(sent.message);
    const reply = await b.send('message', { content: 'hi alice', replyToId: sent.message!.id });
    expect(reply.message).toMatchObject({ replyToId: sent.message!.id });

    const res = await messages(bob, roomId);
    expect(res.status).toBe(200);
    const history = res.body.data as SonarHistory;
    const chat = history.messages.filter((m) => !m.isSystem);
    expect(chat.map((m) => m.content)).toEqual(['hello <b>room</b>', 'hi alice']);
    expect(history.messages.filter((m) => m.isSystem).map((m) => m.content)).toEqual([
      `${alice.me.username} has entered the building`, `${bob.me.username} has entered the building`,
    ]);
    const one = await call(world, bob, 'get', `/v1/sonar/${roomId}/message/${sent.message!.id}`);
    expect(one.body.data.message).toEqual(sent.message);
    expect((await call(world, bob, 'get', `/v1/sonar/other-room/message/${sent.message!.id}`)).status).toBe(404);
    const info = await call(world, bob, 'get', `/v1/sonar/${roomId}/info`);
    expect(info.body.data).toEqual({ roomId, messageCount: 4, userCount: 2 });
    expect((await call(world, null, 'get', `/v1/sonar/${roomId}/messages`)).status).toBe(401);
  });

  it('history comes in pages of 64, newest page first, and a newcomer gets the latest page on joining', async () => {
    const alice = await member(world);
    const roomId = newRoom();
    const a = await join(alice, roomId);
    for (let i = 1; i <= 7; i++) expect((await a.send('message', { content: `m${i}` })).ok).toBe(true);
    const page = (await messages(alice, roomId, { limit: 3, offset: 2 })).body.data as SonarHistory;
    expect(page.messages.map((m) => m.content)).toEqual(['m3', 'm4', 'm5']);
    expect(page).toMatchObject({ total: 8, hasMore: true });
    const bob = await member(world);
    const b = await joinChat(world.url, (await chatToken(world, bob)).token, { roomId });
    tabs.push(b);
    const joined = (await b.tab.next<SonarHistory>('history')).payload;
    expect(joined.messages.filter((m) => !m.isSystem).map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
  });

  it('the author edits within 30 minutes; after that, or by someone else, the edit is refused', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const roomId = newRoom();
    const a = await join(alice, roomId);
    const b = await join(bob, roomId);
    const { message } = await a.send('message', { content: 'helo' });
    const edited = await a.send('edit_message', { messageId: message!.id, content: ' hello ' });
    expect(edited).toMatchObject({ ok: true, message: { id: message!.id, content: 'hello' } });
    expect((await b.tab.next<SonarMessage>('message_edited')).payload).toMatchObject({ id: message!.id, content: 'hello', editedAt: expect.any(String) });

    expect(await b.send('edit_message', { messageId: message!.id, content: 'mine now' })).toMatchObject({ ok: false, error: 'Only the author can edit a message' });
    expect(await a.send('edit_message', { messageId: message!.id, content: '   ' })).toMatchObject({ ok: false, error: 'Message cannot be empty' });
    const clock = world.server.platform.clock;
    const now = clock.now();
    vi.spyOn(clock, 'now').mockReturnValue(new Date(now.getTime() + 31 * 60_000));
    const late = await a.send('edit_message', { messageId: message!.id, content: 'too late', requestId: 'r1' });
    expect(late).toMatchObject({ ok: false, error: 'Messages can only be edited within 30 minutes' });
    expect((await a.tab.next('error', (e: { requestId?: string }) => e.requestId === 'r1')).payload).toMatchObject({ message: 'Messages can only be edited within 30 minutes', requestId: 'r1', status: 'error', msg: { description: 'Messages can only be edited within 30 minutes' } });
    expect((await call(world, alice, 'get', `/v1/sonar/${roomId}/message/${message!.id}`)).body.data.message.content).toBe('hello');
  });

  it('the author deletes their message, an admin any; it keeps its id and reads "message deleted by user"', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const roomId = newRoom();
    const a = await join(alice, roomId);
    const b = await join(bob, roomId);
    const first = (await a.send('message', { content: 'oops' })).message!;
    const second = (await a.send('message', { content: 'rude' })).message!;
    expect(await b.send('delete_message', { messageId: first.id })).toMatchObject({ ok: false, error: 'Only the author or an admin can delete a message' });
    expect(await b.send('delete_message', {})).toMatchObject({ ok: false, error: 'No message ID provided' });
    expect((await a.send('delete_message', { messageId: first.id })).ok).toBe(true);
    expect((await b.tab.next<SonarMessage>('message_deleted')).payload).toMatchObject({ id: first.id, content: 'message deleted by user', isDeleted: true });
    const admin = await join(world.admin, roomId);
    expect((await admin.send('delete_message', { messageId: second.id })).ok).toBe(true);
    const history = (await messages(bob, roomId)).body.data as SonarHistory;
    expect(history.messages.filter((m) => !m.isSystem).map((m) => [m.id, m.content])).toEqual([
      [first.id, 'message deleted by user'], [second.id, 'message deleted by user'],
    ]);
    expect(await a.send('edit_message', { messageId: first.id, content: 'back' })).toMatchObject({ ok: false });
  });

  it('content is 1 to 4096 characters after trim', async () => {
    const alice = await member(world);
    const a = await join(alice, newRoom());
    expect(await a.send('message', { content: '   ' })).toMatchObject({ ok: false, error: 'Message cannot be empty' });
    expect(await a.send('message', { content: 'x'.repeat(4097) })).toMatchObject({ ok: false, error: 'Message cannot exceed 4096 characters' });
    expect(await a.send('message', { content: 42 })).toMatchObject({ ok: false, error: 'Message cannot be empty' });
    expect((await a.send('message', { content: ` ${'x'.repeat(4096)} ` })).message!.content).toHaveLength(4096);
  });

  it('a member sending too fast gets an error event, and nothing of the excess is kept', async () => {
    const alice = await member(world);
    const roomId = newRoom();
    const a = await join(alice, roomId);
    const replies = await Promise.all(Array.from({ length: 15 }, (_, i) => a.send('message', { content: `flood ${i}` })));
    expect(replies.filter((r) => r.ok)).toHaveLength(10);
    expect(replies.filter((r) => !r.ok).map((r) => r.error)).toEqual(Array(5).fill('You are sending messages too fast. Please wait a moment.'));
    expect((await a.tab.next<{ message: string }>('error')).payload.message).toBe('You are sending messages too fast. Please wait a moment.');
    const history = (await messages(alice, roomId)).body.data as SonarHistory;
    expect(history.messages.filter((m) => !m.isSystem)).toHaveLength(10);
  });

  it('typing and presence reach the others and are never written to the log', async () => {
    const [alice, bob, carol] = await Promise.all([member(world), member(world), member(world)]);
    const roomId = newRoom();
    const a = await join(alice, roomId);
    const b = await join(bob, roomId);
    expect((await a.tab.next<{ user: SonarUser }>('user_joined')).payload.user).toMatchObject({ id: bob.me.id, presenceState: 'idle' });
    // The enter notice is written after user_joined goes out: count the log once it is in.
    const entered = (username: string) => (m: SonarMessage) => m.content === `${username} has entered the building`;
    await a.tab.next('new_message', entered(bob.me.username));
    // This room's events only: the leave notices of earlier tests' tabs land in their own rooms whenever their rapid window ends.
    const events = async () => Number((await world.server.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n'))
      .where(sql<string>`data->>'room_id'`, '=', roomId).executeTakeFirstOrThrow()).n);
    const before = await events();
    a.socket.emit('typing', { isTyping: true });
    expect((await b.tab.next('typing_indicator')).payload).toEqual({ roomId, userId: alice.me.id, userName: alice.me.username, isTyping: true });
    a.socket.emit('presence_update', { state: 'listening' });
    expect((await b.tab.next('presence_updated')).payload).toEqual({ roomId, userId: alice.me.id, presenceState: 'listening', playback: null });
    const c = await join(carol, roomId);
    const users = (await c.tab.next<{ users: SonarUser[] }>('user_list')).payload.users;
    expect(users.find((u) => u.id === alice.me.id)).toMatchObject({ isTyping: true, presenceState: 'listening' });
    await a.tab.next('new_message', entered(carol.me.username));
    expect(await events()).toBe(before + 1); // only the third member's enter notice
    expect(await a.send('ping', {})).toEqual({ ok: true });
  });

  it('leaving posts "has left the building"; a rapid reconnect posts neither leave nor enter', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const roomId = newRoom();
    const b = await join(bob, roomId);
    const a = await join(alice, roomId);
    await b.tab.next('new_message', (m: SonarMessage) => m.content === `${alice.me.username} has entered the building`);
    a.socket.close();
    expect((await b.tab.next<{ userId: string }>('user_left')).payload.userId).toBe(alice.me.id);
    await join(alice, roomId, { rapidReconnect: true });
    // Past the rapid window: a leave notice would have been posted by now.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const notices = () => b.tab.received.map((r) => r.payload as SonarMessage)
      .filter((m) => m.isSystem && m.systemData?.userId === alice.me.id).map((m) => m.content);
    expect(notices()).toEqual([`${alice.me.username} has entered the building`]);

    const rejoined = tabs.at(-1)!;
    rejoined.socket.close();
    await b.tab.next('new_message', (m: SonarMessage) => m.content === `${alice.me.username} has left the building`, 10_000);
    expect(notices()).toEqual([`${alice.me.username} has entered the building`, `${alice.me.username} has left the building`]);
  }, 30_000);
});
