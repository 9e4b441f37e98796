import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../tracks/helpers';
import { call, eventCount, idsOf, startSocialWorld, WORLD_START_MS, type Session, type SocialWorld } from './helpers';

describe('comments: timestamps, threads, edits and deletes at the paths of spec §7', () => {
  let world: SocialWorld;

  beforeAll(async () => {
    world = await startSocialWorld();
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });

  const list = (viewer: Session | null, trackId: number, query: object = {}) =>
    call(world, viewer, 'get', `/v1/comments/resource/track/${trackId}`, undefined, query);
  const post = (session: Session, trackId: number, body: object) => call(world, session, 'post', `/v1/comments/resource/track/${trackId}`, body);
  const reply = (session: Session, commentId: number, text: string) => call(world, session, 'post', `/v1/comments/track/${commentId}/replies`, { text });
  const thread = (viewer: Session | null, commentId: number, query: object = {}) =>
    call(world, viewer, 'get', `/v1/comments/track/${commentId}/thread`, undefined, query);
  const edit = (session: Session, commentId: number, body: object) => call(world, session, 'put', `/v1/comments/track/${commentId}`, body);
  const remove = (session: Session, commentId: number) => call(world, session, 'delete', `/v1/comments/track/${commentId}`);
  const commentCount = async (trackId: number) => (await call(world, world.owner, 'get', `/v1/tracks/${trackId}`)).body.data.track.comment_count as number;

  it('posts a comment at a whole second and lists the track\'s comments in waveform order', async () => {
    const track = world.tracks.public;
    const late = await post(world.fan, track, { text: '  the drop  ', track_timestamp: 3 });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(late.body.data.comment).toEqual({
      id: expect.any(Number), text: 'the drop', track_id: track, parent_id: null, user_id: world.fan.me.id, username: world.fan.me.username,
      display_name: null, avatar: null, track_timestamp: 3, reply_count: 0, created: expect.any(String), updated: expect.any(String), edited: false,
    });
    const early = (await post(world.stranger, track, { text: 'intro', track_timestamp: 0 })).body.data.comment;
    const res = await list(null, track);
    expect(res.body.data).toMatchObject({ total_comments: 2, has_more: false });
    expect(idsOf(res.body.data.comments)).toEqual([early.id, late.body.data.comment.id]);
    expect((await list(null, track, { limit: 1 })).body.data).toMatchObject({ total_comments: 2, has_more: true });
    expect(await commentCount(track)).toBe(2);
  });

  it('refuses timestamps that are not whole seconds within the track, saying the range, and writes nothing', async () => {
    const before = await eventCount(world);
    const past = await post(world.fan, world.tracks.public, { text: 'too late', track_timestamp: 5 });
    expect(past.status).toBe(400);
    expect(past.body.msg.description).toBe('Timestamp must be between 0 and 4 seconds, within the track');
    expect(past.body.errors).toEqual({ track_timestamp: 'Timestamp must be between 0 and 4 seconds, within the track' });
    for (const track_timestamp of [1.5, -1, '2s', null]) {
      const res = await post(world.fan, world.tracks.public, { text: 'x', track_timestamp });
      expect(res.status, String(track_timestamp)).toBe(400);
      expect(res.body.msg.description).toBe('Timestamp must be a whole number of seconds');
    }
    expect(await eventCount(world)).toBe(before);
  });

  it('threads replies under the first comment at its timestamp, counting them', async () => {
    const root = (await post(world.fan, world.tracks.public, { text: 'question', track_timestamp: 2 })).body.data.comment;
    const first = await reply(world.owner, root.id, '  answer ');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.comment).toMatchObject({ text: 'answer', parent_id: root.id, track_timestamp: 2, user_id: world.owner.me.id });
    // Answering a reply joins the same thread.
    const second = (await reply(world.stranger, first.body.data.comment.id, 'me too')).body.data.comment;
    expect(second.parent_id).toBe(root.id);

    const seen = (await thread(null, second.id)).body.data.thread;
    expect(seen.comment).toMatchObject({ id: root.id, reply_count: 2 });
    expect(idsOf(seen.replies)).toEqual([first.body.data.comment.id, second.id]);
    expect(seen).toMatchObject({ total_replies: 2, has_more_replies: false });
    expect((await thread(null, root.id, { limit: 1 })).body.data.thread).toMatchObject({ total_replies: 2, has_more_replies: true });
    // Lists show threads, not their replies.
    expect(idsOf((await list(null, world.tracks.public)).body.data.comments)).not.toContain(second.id);
  });

  it('lets only the author edit; a reply stays at its thread\'s place', async () => {
    const comment = (await post(world.fan, world.tracks.public, { text: 'first take', track_timestamp: 1 })).body.data.comment;
    const edited = await edit(world.fan, comment.id, { text: 'second take', track_timestamp: 4 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.comment).toMatchObject({ text: 'second take', track_timestamp: 4, edited: true });
    expect((await edit(world.fan, comment.id, { text: 'third take' })).body.data.comment.track_timestamp).toBe(4);

    const before = await eventCount(world);
    for (const other of [world.owner, world.stranger, world.admin]) {
      const res = await edit(other, comment.id, { text: 'not mine' });
      expect(res.status).toBe(403);
      expect(res.body.msg.description).toBe('Only the author can edit a comment');
    }
    expect((await edit(world.fan, comment.id, { text: 'x', track_timestamp: 99 })).status).toBe(400);
    expect(await eventCount(world)).toBe(before);

    const answer = (await reply(world.stranger, comment.id, 'hm')).body.data.comment;
    expect((await edit(world.stranger, answer.id, { text: 'hmm', track_timestamp: 0 })).body.data.comment).toMatchObject({ text: 'hmm', track_timestamp: 4 });
  });

  it('lets the author, the track owner and an admin delete, and nobody else', async () => {
    const track = world.tracks.public;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await post(world.fan, track, { text: `c${i}`, track_timestamp: i }).expect(201)).body.data.comment.id as number);
    const count = await commentCount(track);

    const refused = await remove(world.stranger, ids[0]!);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toEqual({ title: 'Failed to delete comment', description: 'Only the author, the track owner or an admin can delete a comment' });
    for (const [session, id] of [[world.fan, ids[0]], [world.owner, ids[1]], [world.admin, ids[2]]] as const) {
      const res = await remove(session, id!);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await thread(world.fan, id!)).status).toBe(404);
    }
    expect(await commentCount(track)).toBe(count - 3);
    expect((await remove(world.fan, ids[0]!)).status).toBe(404);
  });

  it('deleting a thread\'s first comment takes its replies, and the track\'s count with them', async () => {
    const track = world.tracks.unlisted;
    const root = (await post(world.fan, track, { text: 'root', track_timestamp: 1 })).body.data.comment;
    const answers = [];
    for (const session of [world.owner, world.stranger]) answers.push((await reply(session, root.id, 'reply')).body.data.comment.id as number);
    expect(await commentCount(track)).toBe(3);
    await remove(world.owner, root.id).expect(200);
    expect(await commentCount(track)).toBe(0);
    for (const id of answers) {
      expect((await thread(world.fan, id)).status).toBe(404);
      expect((await edit(world.stranger, id, { text: 'still here?' })).status).toBe(404);
    }
    expect((await reply(world.fan, root.id, 'late')).status).toBe(404);
  });

  it('hides the comments of a track the viewer may not open, answering 404 everywhere', async () => {
    const track = world.tracks.private;
    const own = (await post(world.owner, track, { text: 'note to self', track_timestamp: 0 })).body.data.comment;
    const outsider = await member(world);
    const before = await eventCount(world);
    for (const viewer of [outsider, null]) {
      expect((await list(viewer, track)).status).toBe(404);
      expect((await thread(viewer, own.id)).status).toBe(404);
    }
    expect((await post(outsider, track, { text: 'hi', track_timestamp: 0 })).status).toBe(404);
    expect((await reply(outsider, own.id, 'hi')).status).toBe(404);
    expect((await edit(outsider, own.id, { text: 'hi' })).status).toBe(404);
    expect((await remove(outsider, own.id)).status).toBe(404);
    expect((await remove(world.admin, own.id)).status).toBe(404);
    expect(await eventCount(world)).toBe(before);
    expect((await list(world.owner, track)).body.data.total_comments).toBe(1);
    expect((await call(world, null, 'post', `/v1/comments/resource/track/${world.tracks.public}`, { text: 'hi', track_timestamp: 0 })).status).toBe(401);
  });
  it("lists a member's comments newest first with their tracks, hiding unlisted and private tracks from others", async () => {
    const author = await member(world);
    const { public: open, unlisted, private: hidden } = world.tracks;
    const first = (await post(author, open, { text: 'first', track_timestamp: 1 })).body.data.comment;
    const second = (await post(author, unlisted, { text: 'on the side door', track_timestamp: 0 })).body.data.comment;
    const answer = (await reply(author, first.id, 'and a reply')).body.data.comment;
    const byAuthor = (viewer: Session | null, query: object = {}) =>
      call(world, viewer, 'get', `/v1/comments/user/${author.me.username}`, undefined, query);

    const seenByOthers = await byAuthor(world.fan);
    expect(seenByOthers.status, JSON.stringify(seenByOthers.body)).toBe(200);
    expect(seenByOthers.body.data).toMatchObject({ total: 2, has_more: false });
    expect(idsOf(seenByOthers.body.data.comments)).toEqual([answer.id, first.id]);
    expect(seenByOthers.body.data.comments[1]).toMatchObject({
      text: 'first', username: author.me.username, track: { id: open, title: expect.any(String), username: world.owner.me.username },
    });
    expect((await byAuthor(null)).body.data.total).toBe(2);
    // The author sees their comment on the unlisted track too; paging counts it.
    const own = await byAuthor(author, { limit: 1 });
    expect(own.body.data).toMatchObject({ total: 3, has_more: true });
    expect(idsOf(own.body.data.comments)).toEqual([answer.id]);
    expect(idsOf((await byAuthor(author, { limit: 5, offset: 1 })).body.data.comments)).toEqual([second.id, first.id]);
    expect((await post(author, hidden, { text: 'no', track_timestamp: 0 })).status).toBe(404);
    expect((await call(world, world.fan, 'get', '/v1/comments/user/nobody_here_at_all')).status).toBe(404);
  });
});
