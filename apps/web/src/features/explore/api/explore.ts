import type { CollectionView, TrackView, TrackVisibility, UserSummary } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

interface ListQuery<K extends string> {
  limit: number;
  offset: number;
  sort_key: K;
  sort_dir: 'asc' | 'desc';
  search?: string;
}

export interface UserPage { users: UserSummary[]; total: number; has_more: boolean }
export interface TrackPage { tracks: TrackView[]; total: number; has_more: boolean }
export interface CollectionPage { collections: CollectionView[]; total: number; has_more: boolean }

/** GET /v1/users: members by search, sort and whether they have tracks. */
export function listUsers(query: ListQuery<string> & { has_tracks?: boolean }, signal?: AbortSignal) {
  return apiCall<UserPage>('/users', { query: { ...query, search: query.search || undefined, has_tracks: query.has_tracks || undefined }, signal });
}

/** GET /v1/tracks: tracks by search, sort and tags (every tag given). */
export function listTracks(query: ListQuery<string> & { tag_ids: readonly number[] }, signal?: AbortSignal) {
  const { tag_ids: tagIds, ...rest } = query;
  return apiCall<TrackPage>('/tracks', { query: { ...rest, search: rest.search || undefined, tag_ids: tagIds.length ? tagIds.join(',') : undefined }, signal });
}

/** GET /v1/collections: collections by search, owner, sort and visibility. */
export function listCollections(query: ListQuery<string> & { username?: string; visibility: readonly TrackVisibility[] }, signal?: AbortSignal) {
  const { visibility, ...rest } = query;
  return apiCall<CollectionPage>('/collections', {
    query: { ...rest, search: rest.search || undefined, username: rest.username || undefined, visibility: visibility.length ? visibility.join(',') : undefined },
    signal,
  });
}
