import type { ConversationPage, DirectMessagePage } from '@stardeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventCount } from '../social/helpers';
import { member, startTracksWorld, type Session, type TracksWorld } from '../tracks/helpers';

/** Direct messages over HTTP: sending, the conversation list, a conversation's messages, polls and reads. */
describe('direct messages', () => {
  let world: TracksWorld;

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });

  const send = (from: Session, to: string, content: string) => call(world, from, 'post', '/v1/messages', { recipient_username: to, content });
  const conversations = async (session: Session, query: object = {}) => {
    const res = await call(world, session, 'get', '/v1/conversations', undefined, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as ConversationPage;
  };
  const messages = async (session: Session, id: string, query: object = {}) => {
    const res = await call(world, session, 'get', `/v1/conversations/${id}/messages`, undefined, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as DirectMessagePage;
  };

  it('the first message starts a conversation both members see; replies land in the same one, newest first', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const first = await send(alice, bob.me.username.toUpperCase(), '  hello <b>bob</b>  ');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const id = first.body.data.conversation_id as string;
    expect(first.body.data.message).toMatchObject({ conversation_id: id, sender_id: alice.me.id, content: 'hello <b>bob</b>' });
    const reply = await send(bob, alice.me.username, 'hi alice');
    expect(reply.body.data.conversation_id).toBe(id);

    const page = await messages(bob, id);
    expect(page.messages.map((m) => m.content)).toEqual(['hi alice', 'hello <b>bob</b>']);
    expect(page.conversation).toMatchObject({ id, other_user: { id: alice.me.id, username: alice.me.username } });
    expect(page.total).toBe(2);

    const [ofAlice, ofBob] = await Promise.all([conversations(alice), conversations(bob)]);
    expect(ofAlice.conversations).toEqual([expect.objectContaining({ id, other_user: expect.objectContaining({ id: bob.me.id }), unread_count: 1 })]);
    expect(ofBob.conversations[0]).toMatchObject({ id, unread_count: 1, last_message: { content: 'hi alice', sender_id: bob.me.id } });
  });

  it('a poll from the newest id gets only what came after it', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const id = (await send(alice, bob.me.username, 'one')).body.data.conversation_id as string;
    const newest = (await messages(bob, id)).messages[0]!.id;
    expect((await messages(bob, id, { since_id: newest, limit: 50 })).messages).toEqual([]);
    await send(alice, bob.me.username, 'two');
    await send(bob, alice.me.username, 'three');
    const polled = await messages(bob, id, { since_id: newest, limit: 50 });
    expect(polled.messages.map((m) => m.content)).toEqual(['three', 'two']);
    expect(polled.messages.every((m) => m.id > newest)).toBe(true);
  });

  it('opening marks the conversation read and answers with me; reading again records nothing', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const id = (await send(alice, bob.me.username, 'one')).body.data.conversation_id as string;
    await send(alice, bob.me.username, 'two');
    expect((await conversations(bob)).conversations[0]!.unread_count).toBe(2);
    const read = await call(world, bob, 'post', `/v1/conversations/${id}/read`, {});
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.me).toMatchObject({ id: bob.me.id, username: bob.me.username });
    expect((await conversations(bob)).conversations[0]!.unread_count).toBe(0);
    expect((await conversations(alice)).conversations[0]!.unread_count).toBe(0);
    const before = await eventCount(world);
    expect((await call(world, bob, 'post', `/v1/conversations/${id}/read`, {})).status).toBe(200);
    expect(await eventCount(world)).toBe(before);
  });

  it('lists conversations 20 a page, the one that moved last first', async () => {
    const alice = await member(world);
    const others = await Promise.all(Array.from({ length: 3 }, () => member(world)));
    for (const other of others) await send(other, alice.me.username, `from ${other.me.username}`);
    await send(alice, others[0]!.me.username, 'back to the first');
    const page = await conversations(alice, { limit: 2 });
    expect(page.total).toBe(3);
    expect(page.has_more).toBe(true);
    expect(page.conversations.map((c) => c.other_user.id)).toEqual([others[0]!.me.id, others[2]!.me.id]);
    expect((await conversations(alice, { limit: 2, offset: 2 })).conversations.map((c) => c.other_user.id)).toEqual([others[1]!.me.id]);
  });

  it('refuses with the spec §8 answers and changes nothing', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const before = await eventCount(world);
    const unknown = await send(alice, 'nobody-here', 'hi');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg.description).toBe("User 'nobody-here' not found");
    const self = await send(alice, alice.me.username, 'hi me');
    expect(self.status).toBe(403);
    expect(self.body.msg.description).toBe('You cannot send a message to yourself');
    for (const content of ['', '   ', 'x'.repeat(4097), 42, null]) {
      expect((await send(alice, bob.me.username, content as string)).status, JSON.stringify(content)).toBe(400);
    }
    expect((await call(world, alice, 'post', '/v1/messages', [1, 2])).status).toBe(400);
    expect((await call(world, alice, 'post', '/v1/messages', { recipient_username: bob.me.username, content: 'a\u0000b' })).status).toBe(400);
    expect((await call(world, alice, 'get', '/v1/conversations', undefined, { limit: 0 })).status).toBe(400);
    expect((await call(world, alice, 'get', '/v1/conversations', undefined, { limit: '9007199254740993' })).status).toBe(400);
    expect(await eventCount(world)).toBe(before);
    expect((await send(alice, bob.me.username, ` ${'x'.repeat(4096)} `)).status).toBe(201);
  });

  it('the profile shows whether the viewer has a conversation with the member', async () => {
    const [alice, bob, carol] = await Promise.all([member(world), member(world), member(world)]);
    const profile = (viewer: Session, of: Session) => call(world, viewer, 'get', `/v1/users/${of.me.username}`);
    expect((await profile(alice, bob)).body.data.user.has_conversation).toBe(false);
    await send(alice, bob.me.username, 'hi');
    expect((await profile(alice, bob)).body.data.user.has_conversation).toBe(true);
    expect((await profile(bob, alice)).body.data.user.has_conversation).toBe(true);
    expect((await profile(carol, bob)).body.data.user.has_conversation).toBe(false);
    expect((await profile(alice, alice)).body.data.user.has_conversation).toBe(false);
  });

  it('two first messages at once meet in one conversation, ids in the order they were sent', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const sent = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 ? alice : bob, (i % 2 ? bob : alice).me.username, `m${i}`)));
    expect(sent.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(sent.map((r) => r.body.data.conversation_id)).size).toBe(1);
    const page = await messages(alice, sent[0]!.body.data.conversation_id);
    expect(page.total).toBe(10);
    const ids = page.messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await conversations(alice)).total).toBe(1);
  });

  it("keeps a direct message's text out of the event inspector", async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    await send(alice, bob.me.username, 'a secret between us');
    const res = await call(world, world.admin, 'get', '/v1/admin/events', undefined, { type: 'DirectMessageSent', limit: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('a secret between us');
    expect(JSON.stringify(res.body)).toContain('DirectMessageSent');
  });

  it('lets at most 30 of 40 parallel messages of one member through a minute, the rest get 429 and write nothing', async () => {
    const [alice, bob] = await Promise.all([member(world), member(world)]);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(alice, bob.me.username, `burst ${i}`)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const res of answers.filter((r) => r.status === 429)) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const [conversation] = (await conversations(bob)).conversations;
    expect((await messages(bob, conversation!.id)).messages).toHaveLength(30);
    // The recipient's own budget is untouched.
    expect((await send(bob, alice.me.username, 'slow down')).status).toBe(201);
  });
});
