import { PAGE_SIZES, type CommentThreadView, type CommentView } from '@stardeck/contracts/browser';
import { apiCall } from '../../api-client';

/** Spec §7 Comments: one small function per endpoint. */

export interface CommentPage {
  comments: CommentView[];
  total_comments: number;
  has_more: boolean;
}

/** GET /v1/comments/resource/track/{trackId} {limit 1000, offset 0}: a track's threads (first comments). */
export function getTrackComments(trackId: number, signal?: AbortSignal) {
  return apiCall<CommentPage>(`/comments/resource/track/${trackId}`, { query: { limit: PAGE_SIZES.comments, offset: 0 }, signal });
}

/** POST /v1/comments/resource/track/{trackId} {text, track_timestamp}. */
export function postTrackComment(trackId: number, text: string, trackTimestamp: number) {
  return apiCall<{ comment: CommentView }>(`/comments/resource/track/${trackId}`, { method: 'POST', body: { text, track_timestamp: trackTimestamp } });
}

/** GET /v1/comments/track/{commentId}/thread {limit 1000, offset 0}. */
export function getCommentThread(commentId: number, signal?: AbortSignal) {
  return apiCall<{ thread: CommentThreadView }>(`/comments/track/${commentId}/thread`, { query: { limit: PAGE_SIZES.comments, offset: 0 }, signal });
}

/** POST /v1/comments/track/{commentId}/replies {text}. */
export function postReply(commentId: number, text: string) {
  return apiCall<{ comment: CommentView }>(`/comments/track/${commentId}/replies`, { method: 'POST', body: { text } });
}

/** PUT /v1/comments/track/{commentId} {text, track_timestamp}. */
export function putComment(commentId: number, text: string, trackTimestamp: number) {
  return apiCall<{ comment: CommentView }>(`/comments/track/${commentId}`, { method: 'PUT', body: { text, track_timestamp: trackTimestamp } });
}

/** DELETE /v1/comments/track/{commentId}. */
export function deleteComment(commentId: number) {
  return apiCall<undefined>(`/comments/track/${commentId}`, { method: 'DELETE' });
}
