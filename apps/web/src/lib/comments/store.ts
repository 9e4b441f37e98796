import { PLAYER, TRACK_FORM_MSG, type CommentThreadView, type CommentView } from '@stardeck/contracts/browser';
import { proxy } from 'valtio';
import type { ApiFailure } from '../api';
import { trackChanged } from '../revisions/store';
import { toastFailure, toastSuccess } from '../toasts/from-result';
import { deleteComment as removeComment, getCommentThread, getTrackComments, postReply, postTrackComment, putComment } from './api/comments';

/**
 * Comments of tracks (spec §3 Comment, §4 Comment input): the threads of the tracks recently
 * shown, for the footer player's waveform and the track page alike. Shared in lib/ because both
 * the player and the track page show and post them. Data is kept for the current track plus the
 * 4 most recent others; each track keeps its own last error (spec §8).
 */
export interface TrackComments {
  comments: CommentView[];
  total: number;
  loading: boolean;
  loaded: boolean;
  error: string | null;
}

export interface ThreadState {
  thread: CommentThreadView | null;
  loading: boolean;
}

export interface CommentsState {
  byTrack: Record<number, TrackComments>;
  /** Track ids, most recently used first. */
  recent: number[];
  /** Opened threads by first-comment id (track page). */
  threads: Record<number, ThreadState>;
}

export const commentsStore = proxy<CommentsState>({ byTrack: {}, recent: [], threads: {} });

const emptyTrack = (): TrackComments => ({ comments: [], total: 0, loading: false, loaded: false, error: null });

function describe(failure: ApiFailure): string {
  if (failure.kind === 'network') return failure.status === null ? 'Unable to connect to the server' : failure.message;
  return failure.envelope.msg?.description || failure.envelope.msg?.title || 'An unexpected error occurred';
}

/** Marks the track most recent and lets go of the data of tracks past the 5 kept. */
function touch(trackId: number): TrackComments {
  commentsStore.recent = [trackId, ...commentsStore.recent.filter((id) => id !== trackId)];
  for (const stale of commentsStore.recent.splice(PLAYER.commentTracksKept)) {
    for (const comment of commentsStore.byTrack[stale]?.comments ?? []) delete commentsStore.threads[comment.id];
    delete commentsStore.byTrack[stale];
  }
  commentsStore.byTrack[trackId] ??= emptyTrack();
  return commentsStore.byTrack[trackId];
}

/** Loads a track's threads (once, unless `force`); false on failure, the error kept for the track. */
export async function loadComments(trackId: number, options: { force?: boolean } = {}): Promise<boolean> {
  const entry = touch(trackId);
  if (entry.loading || (entry.loaded && !options.force)) return entry.loaded;
  entry.loading = true;
  const result = await getTrackComments(trackId);
  const current = commentsStore.byTrack[trackId];
  if (!current) return false;
  current.loading = false;
  if (!result.ok) {
    current.error = describe(result.failure);
    return false;
  }
  const data = result.envelope.data!;
  current.comments = sortByTime(data.comments);
  current.total = data.total_comments;
  current.loaded = true;
  current.error = null;
  return true;
}

function sortByTime(comments: CommentView[]): CommentView[] {
  return [...comments].sort((a, b) => a.track_timestamp - b.track_timestamp || a.id - b.id);
}

/** Spec §5: the trimmed text must not be empty. Returns the comment, or null (error kept per track). */
export async function postComment(trackId: number, text: string, trackTimestamp: number): Promise<CommentView | null> {
  const trimmed = text.trim();
  const entry = touch(trackId);
  if (!trimmed) {
    entry.error = 'Comment cannot be empty';
    return null;
  }
  const result = await postTrackComment(trackId, trimmed, Math.max(0, Math.floor(trackTimestamp)));
  const current = commentsStore.byTrack[trackId];
  if (!result.ok) {
    if (current) current.error = describe(result.failure);
    toastFailure(result.failure, { title: 'Comment' });
    return null;
  }
  const comment = result.envelope.data!.comment;
  if (current) {
    current.comments = sortByTime([...current.comments, comment]);
    current.total += 1;
    current.error = null;
  }
  trackChanged(trackId);
  toastSuccess(result);
  return comment;
}

export async function editComment(comment: CommentView, text: string, trackTimestamp: number = comment.track_timestamp): Promise<CommentView | null> {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const result = await putComment(comment.id, trimmed, Math.max(0, Math.floor(trackTimestamp)));
  if (!result.ok) {
    const entry = commentsStore.byTrack[comment.track_id];
    if (entry) entry.error = describe(result.failure);
    toastFailure(result.failure, { title: 'Comment' });
    return null;
  }
  const edited = result.envelope.data!.comment;
  replaceEverywhere(edited);
  toastSuccess(result);
  return edited;
}

function replaceEverywhere(comment: CommentView): void {
  const entry = commentsStore.byTrack[comment.track_id];
  if (entry) entry.comments = sortByTime(entry.comments.map((c) => (c.id === comment.id ? comment : c)));
  for (const state of Object.values(commentsStore.threads)) {
    const thread = state.thread;
    if (!thread) continue;
    if (thread.comment.id === comment.id) thread.comment = comment;
    thread.replies = thread.replies.map((r) => (r.id === comment.id ? comment : r));
  }
}

/**
 * Deletes a comment or a reply; a thread's first comment takes its thread with it. The reason of
 * a failure is returned for the dialog to show inline.
 */
export async function deleteComment(comment: Pick<CommentView, 'id' | 'track_id' | 'parent_id'>): Promise<string | null> {
  if (!comment.id) return TRACK_FORM_MSG.noCommentId;
  const result = await removeComment(comment.id);
  if (!result.ok) {
    const reason = result.failure.kind === 'http' ? result.failure.envelope.msg?.description || TRACK_FORM_MSG.deleteCommentFailed : TRACK_FORM_MSG.deleteCommentFailed;
    const entry = commentsStore.byTrack[comment.track_id];
    if (entry) entry.error = reason;
    return reason;
  }
  toastSuccess(result);
  const entry = commentsStore.byTrack[comment.track_id];
  if (comment.parent_id === null) {
    if (entry) {
      entry.comments = entry.comments.filter((c) => c.id !== comment.id);
      entry.total = Math.max(0, entry.total - 1);
    }
    delete commentsStore.threads[comment.id];
  } else {
    const state = commentsStore.threads[comment.parent_id];
    if (state?.thread) {
      state.thread.replies = state.thread.replies.filter((r) => r.id !== comment.id);
      state.thread.total_replies = Math.max(0, state.thread.total_replies - 1);
    }
    adjustReplyCount(comment.track_id, comment.parent_id, -1);
  }
  trackChanged(comment.track_id);
  return null;
}

function adjustReplyCount(trackId: number, parentId: number, delta: number): void {
  const entry = commentsStore.byTrack[trackId];
  const parent = entry?.comments.find((c) => c.id === parentId);
  if (entry && parent) entry.comments = entry.comments.map((c) => (c.id === parentId ? { ...c, reply_count: Math.max(0, c.reply_count + delta) } : c));
}

/** Opens a thread: its first comment and replies (track page). */
export async function loadThread(commentId: number): Promise<boolean> {
  const state = (commentsStore.threads[commentId] ??= { thread: null, loading: false });
  if (state.loading) return false;
  state.loading = true;
  const result = await getCommentThread(commentId);
  const current = commentsStore.threads[commentId];
  if (!current) return false;
  current.loading = false;
  if (!result.ok) {
    toastFailure(result.failure, { title: 'Comment' });
    return false;
  }
  current.thread = result.envelope.data!.thread;
  return true;
}

export function closeThread(commentId: number): void {
  delete commentsStore.threads[commentId];
}

export async function replyTo(parent: CommentView, text: string): Promise<CommentView | null> {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const result = await postReply(parent.id, trimmed);
  if (!result.ok) {
    const entry = commentsStore.byTrack[parent.track_id];
    if (entry) entry.error = describe(result.failure);
    toastFailure(result.failure, { title: 'Comment' });
    return null;
  }
  const reply = result.envelope.data!.comment;
  const state = commentsStore.threads[parent.id];
  if (state?.thread) {
    state.thread.replies = [...state.thread.replies, reply];
    state.thread.total_replies += 1;
  }
  adjustReplyCount(parent.track_id, parent.id, 1);
  trackChanged(parent.track_id);
  toastSuccess(result);
  return reply;
}

/** A deleted track's comments go with it. */
export function forgetTrackComments(trackId: number): void {
  delete commentsStore.byTrack[trackId];
  commentsStore.recent = commentsStore.recent.filter((id) => id !== trackId);
}

export function reset(): void {
  commentsStore.byTrack = {};
  commentsStore.recent = [];
  commentsStore.threads = {};
}
