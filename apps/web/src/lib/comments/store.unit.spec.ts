import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../session/store';
import { reset as resetToasts } from '../toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { commentsStore, deleteComment, loadComments, loadThread, postComment, replyTo, reset } from './store';

const comment = (id: number, trackId: number, ts: number, extra: Record<string, unknown> = {}) => ({
  id, text: `c${id}`, track_id: trackId, parent_id: null, user_id: 'u-1', username: 'nova', display_name: null, avatar: null,
  track_timestamp: ts, reply_count: 0, created: '2026-11-20T10:00:00.000Z', updated: '2026-11-20T10:00:00.000Z', edited: false, ...extra,
});

describe('comments kept for the player and the track page (spec §4 Comment input)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the data of the current track plus the 4 most recent', async () => {
    const routes: Record<string, ReturnType<typeof ok>> = {};
    for (let id = 1; id <= 6; id++) routes[`GET /v1/comments/resource/track/${id}`] = ok({ comments: [comment(id * 10, id, 3)], total_comments: 1, has_more: false });
    fakeApi(routes);
    for (let id = 1; id <= 6; id++) await loadComments(id);
    expect(commentsStore.recent).toEqual([6, 5, 4, 3, 2]);
    expect(Object.keys(commentsStore.byTrack).map(Number).sort()).toEqual([2, 3, 4, 5, 6]);
  });

  it('posts at a whole second, keeps comments in time order, and stores a failure for its track', async () => {
    const api = fakeApi({
      'GET /v1/comments/resource/track/1': ok({ comments: [comment(1, 1, 30)], total_comments: 1, has_more: false }),
      'POST /v1/comments/resource/track/1': [ok({ comment: comment(2, 1, 12) }), failure(404, { title: 'Track', description: 'Track not found' })],
    });
    await loadComments(1);
    expect(await postComment(1, '  nice drop ', 12.9)).toMatchObject({ id: 2 });
    expect(api.callsTo('POST /v1/comments/resource/track/1')[0]!.body).toEqual({ text: 'nice drop', track_timestamp: 12 });
    expect(commentsStore.byTrack[1]!.comments.map((c) => c.id)).toEqual([2, 1]);
    expect(await postComment(1, '   ', 3)).toBeNull();
    expect(await postComment(1, 'again', 3)).toBeNull();
    expect(commentsStore.byTrack[1]!.error).toBe('Track not found');
  });

  it('adds replies to an open thread and counts them on the first comment; deleting one counts down', async () => {
    fakeApi({
      'GET /v1/comments/resource/track/1': ok({ comments: [comment(1, 1, 5)], total_comments: 1, has_more: false }),
      'GET /v1/comments/track/1/thread': ok({ thread: { comment: comment(1, 1, 5), replies: [], total_replies: 0, has_more_replies: false } }),
      'POST /v1/comments/track/1/replies': ok({ comment: comment(7, 1, 5, { parent_id: 1 }) }),
      'DELETE /v1/comments/track/7': ok(undefined),
    });
    await loadComments(1);
    await loadThread(1);
    const parent = commentsStore.byTrack[1]!.comments[0]!;
    await replyTo(parent, 'agreed');
    expect(commentsStore.threads[1]!.thread!.replies.map((r) => r.id)).toEqual([7]);
    expect(commentsStore.byTrack[1]!.comments[0]!.reply_count).toBe(1);
    expect(await deleteComment({ id: 7, track_id: 1, parent_id: 1 })).toBeNull();
    expect(commentsStore.threads[1]!.thread!.replies).toEqual([]);
    expect(commentsStore.byTrack[1]!.comments[0]!.reply_count).toBe(0);
  });

  it('says why a delete failed, for the dialog to show', async () => {
    fakeApi({ 'DELETE /v1/comments/track/3': failure(500, {}) });
    expect(await deleteComment({ id: 3, track_id: 1, parent_id: null })).toBe('Failed to delete comment');
  });
});
