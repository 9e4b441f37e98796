import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, eventCount } from '../social/helpers';
import { member, startTracksWorld, type Session, type TracksWorld } from '../tracks/helpers';

type Actor = 'visitor' | 'member' | 'participant' | 'other participant' | 'stranger' | 'admin';
const ACTORS: Actor[] = ['visitor', 'member', 'participant', 'other participant', 'stranger', 'admin'];
const MISSING_CONVERSATION = '00000000-0000-4000-8000-000000000000';

/**
 * Every direct-message and news call, tried by a visitor, a member, the conversation's two
 * participants, a stranger to it and an admin. A conversation is its two members' alone (anyone
 * else gets the answer of a missing one, admins included); news management is the admins' alone.
 */
describe('authorization matrix: direct messages and news', () => {
  let world: TracksWorld;
  let sessions: Record<Exclude<Actor, 'visitor' | 'admin'>, Session>;
  let conversationId: string;
  let post: { published: number; draft: number; private: number };
  const failures: string[] = [];

  const session = (actor: Actor): Session | null =>
    actor === 'visitor' ? null : actor === 'admin' ? world.admin : sessions[actor];
  async function check(actor: Actor, method: 'get' | 'post' | 'put' | 'delete', path: string, expected: number, body?: object, query?: object) {
    const res = await call(world, session(actor), method, path, body, query);
    if (res.status !== expected) failures.push(`${actor} ${method.toUpperCase()} ${path}: ${res.status}, expected ${expected} ${JSON.stringify(res.body.msg ?? {})}`);
    return res;
  }
  const signedIn = (actor: Actor, rule: () => number) => (actor === 'visitor' ? 401 : rule());
  const inConversation = (actor: Actor) => actor === 'participant' || actor === 'other participant';

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
    const [participant, other, stranger, plain] = await Promise.all([member(world), member(world), member(world), member(world)]);
    sessions = { participant, 'other participant': other, stranger, member: plain };
    const sent = await call(world, participant, 'post', '/v1/messages', { recipient_username: other.me.username, content: 'just us' });
    expect(sent.status).toBe(201);
    conversationId = sent.body.data.conversation_id;
    const write = async (status: string, visibility: string) =>
      (await call(world, world.admin, 'post', '/v1/manage/news', { title: `${status} ${visibility}`, content: 'c', status, visibility }).expect(201)).body.data.news.id as number;
    post = { published: await write('published', 'public'), draft: await write('draft', 'public'), private: await write('published', 'private') };
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });
  beforeEach(() => {
    failures.length = 0;
  });

  it('answers a conversation of others exactly as a missing one', async () => {
    for (const actor of ['member', 'stranger', 'admin'] as const) {
      for (const suffix of ['messages', 'read']) {
        const method = suffix === 'read' ? 'post' : 'get';
        const hidden = await call(world, session(actor), method, `/v1/conversations/${conversationId}/${suffix}`, method === 'post' ? {} : undefined);
        const missing = await call(world, session(actor), method, `/v1/conversations/${MISSING_CONVERSATION}/${suffix}`, method === 'post' ? {} : undefined);
        expect(hidden.status, `${actor} ${suffix}`).toBe(404);
        expect(hidden.body, `${actor} ${suffix}`).toEqual(missing.body);
      }
    }
  });

  it('direct messages: only the two participants read or mark their conversation, and only they list it', async () => {
    const before = await eventCount(world);
    for (const actor of ACTORS) {
      await check(actor, 'get', `/v1/conversations/${conversationId}/messages`, signedIn(actor, () => (inConversation(actor) ? 200 : 404)));
      await check(actor, 'post', `/v1/conversations/${conversationId}/read`, signedIn(actor, () => (inConversation(actor) ? 200 : 404)), {});
      const list = await check(actor, 'get', '/v1/conversations', signedIn(actor, () => 200));
      const listed = ((list.body.data?.conversations ?? []) as { id: string }[]).some((c) => c.id === conversationId);
      if (listed !== inConversation(actor)) failures.push(`${actor} lists the conversation: ${listed}`);
      await check(actor, 'post', '/v1/messages', signedIn(actor, () => 400), { recipient_username: sessions.participant.me.username, content: ' ' });
      await check(actor, 'get', `/v1/users/${sessions['other participant'].me.username}`, signedIn(actor, () => 200));
    }
    // Only the other participant had anything unread.
    expect(await eventCount(world)).toBe(before + 1);
    expect(failures).toEqual([]);
  });

  it('a stranger writing to a participant starts a conversation of their own, never joins theirs', async () => {
    const res = await call(world, sessions.stranger, 'post', '/v1/messages', { recipient_username: sessions.participant.me.username, content: 'hello' });
    expect(res.status).toBe(201);
    expect(res.body.data.conversation_id).not.toBe(conversationId);
    const theirs = await call(world, sessions.participant, 'get', `/v1/conversations/${conversationId}/messages`);
    expect((theirs.body.data.messages as { content: string }[]).map((m) => m.content)).toEqual(['just us']);
  });

  it('news: members read published public posts; only admins manage', async () => {
    const before = await eventCount(world);
    for (const actor of ACTORS) {
      const admin = actor === 'admin';
      await check(actor, 'get', '/v1/news', signedIn(actor, () => 200));
      await check(actor, 'get', `/v1/news/${post.published}`, signedIn(actor, () => 200));
      await check(actor, 'get', `/v1/news/${post.draft}`, signedIn(actor, () => 404));
      await check(actor, 'get', `/v1/news/${post.private}`, signedIn(actor, () => 404));
      // Admin routes answer a member as a path that does not exist.
      const managed = admin ? 200 : signedIn(actor, () => 404);
      await check(actor, 'get', '/v1/manage/news', managed);
      if (!admin) {
        await check(actor, 'post', '/v1/manage/news', signedIn(actor, () => 404), { title: 'mine', content: 'c', status: 'published', visibility: 'public' });
        for (const id of Object.values(post)) {
          await check(actor, 'put', `/v1/manage/news/${id}`, signedIn(actor, () => 404), { title: 'taken' });
          await check(actor, 'delete', `/v1/manage/news/${id}`, signedIn(actor, () => 404));
        }
      }
    }
    expect(await eventCount(world)).toBe(before);
    await check('admin', 'put', `/v1/manage/news/${post.draft}`, 200, { title: 'edited' });
    await check('admin', 'delete', `/v1/manage/news/${post.private}`, 200);
    expect(failures).toEqual([]);
  });
});
