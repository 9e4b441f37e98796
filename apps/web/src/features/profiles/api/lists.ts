import type {
  CollectionDetailView, CollectionView, MemberCommentPage, TrackView, UserSummary,
} from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

type Page = { limit: number; offset: number };

export interface CollectionPage { collections: CollectionView[]; total: number; has_more: boolean }
export interface HistoryPage { tracks: (TrackView & { played_at: string })[]; total: number; has_more: boolean }
export interface SubscriberPage { subscribers: UserSummary[]; total: number; has_more: boolean }
export interface SubscriptionPage { subscriptions: UserSummary[]; total: number; has_more: boolean }

/** Spec §6: one's own collections come from the manage endpoint (every visibility), others' from the public one. */
export function getCollections(username: string, own: boolean, page: Page, signal?: AbortSignal) {
  return own
    ? apiCall<CollectionPage>('/manage/collections', { query: page, signal })
    : apiCall<CollectionPage>(`/collections/user/${encodeURIComponent(username)}`, { query: page, signal });
}

/** GET /v1/collections/followed {username}: the collections a member follows, as the viewer may see them. */
export function getFollowedCollections(username: string, page: Page, signal?: AbortSignal) {
  return apiCall<CollectionPage>('/collections/followed', { query: { username, ...page }, signal });
}

/** GET /v1/collections/{id} {limit, offset}: the collection with a page of its tracks. */
export function getCollection(id: string, page: Page, signal?: AbortSignal) {
  return apiCall<{ collection: CollectionDetailView }>(`/collections/${encodeURIComponent(id)}`, { query: page, signal });
}

/** GET /v1/listening_history {username, limit, offset}. */
export function getHistory(username: string, page: Page, signal?: AbortSignal) {
  return apiCall<HistoryPage>('/listening_history', { query: { username, ...page }, signal });
}

export function getSubscribers(username: string, page: Page, signal?: AbortSignal) {
  return apiCall<SubscriberPage>('/subscribers', { query: { username, ...page }, signal });
}

export function getSubscriptions(username: string, page: Page, signal?: AbortSignal) {
  return apiCall<SubscriptionPage>('/subscriptions', { query: { username, ...page }, signal });
}

/** POST or DELETE /v1/subscribe {username}. */
export function setSubscription(username: string, subscribe: boolean) {
  return apiCall<{ success: boolean }>('/subscribe', { method: subscribe ? 'POST' : 'DELETE', body: { username } });
}

/** GET /v1/comments/user/{username} {limit, offset}: a member's comments, newest first. */
export function getMemberComments(username: string, page: Page, signal?: AbortSignal) {
  return apiCall<MemberCommentPage>(`/comments/user/${encodeURIComponent(username)}`, { query: page, signal });
}
