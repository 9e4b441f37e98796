import type { CollectionDetailView, CollectionView, CollectionVisibility, TrackView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';
import type { ArtworkFields } from '../../../lib/artwork/artwork-file';

export interface CollectionFields {
  name: string;
  description: string;
  visibility: CollectionVisibility;
}

export interface CollectionTrackChange {
  collection_id: number;
  track_id: number;
  in_collection: boolean;
  track_count: number;
}

export interface CollectionList {
  collections: CollectionView[];
  total: number;
  has_more: boolean;
}

/** The most the API lists at once: enough to tick any member's collections in one dialog. */
const ALL_COLLECTIONS = 100;

/** POST /v1/manage/collections. */
export function createCollection(fields: CollectionFields & Partial<ArtworkFields>) {
  return apiCall<{ collection: CollectionDetailView }>('/manage/collections', { method: 'POST', body: fields });
}

/** PUT /v1/manage/collections/{id}: remove_artwork drops the stored image (spec §4 Other). */
export function updateCollection(id: number, fields: CollectionFields & Partial<ArtworkFields> & { remove_artwork?: boolean }) {
  return apiCall<{ collection: CollectionDetailView }>(`/manage/collections/${id}`, { method: 'PUT', body: fields });
}

/** DELETE /v1/manage/collections/{id}. */
export function deleteCollection(id: number) {
  return apiCall<undefined>(`/manage/collections/${id}`, { method: 'DELETE' });
}

/** POST /v1/manage/collections/{id}/tracks {track_id}, or DELETE …/tracks/{trackId}. */
export function setTrackInCollection(id: number, trackId: number, inCollection: boolean) {
  return inCollection
    ? apiCall<CollectionTrackChange>(`/manage/collections/${id}/tracks`, { method: 'POST', body: { track_id: trackId } })
    : apiCall<CollectionTrackChange>(`/manage/collections/${id}/tracks/${trackId}`, { method: 'DELETE' });
}

/** GET /v1/collections/{id} {limit}: spec §9 fetches up to 1000 of its tracks at first. */
export function getCollection(id: number, limit: number) {
  return apiCall<{ collection: CollectionDetailView }>(`/collections/${id}`, { query: { limit, offset: 0 } });
}

/** GET /v1/tracks/user/{username}: the member's own uploads, newest first (100 at most per call). */
export function getOwnUploads(username: string) {
  return apiCall<{ tracks: TrackView[]; total: number; has_more: boolean }>(`/tracks/user/${encodeURIComponent(username)}`, { query: { limit: OWN_UPLOADS_PICK, offset: 0 } });
}

/** The newest uploads the collection dialog offers beside the saved tracks. */
export const OWN_UPLOADS_PICK = 100;

/** GET /v1/manage/collections: the member's own, every visibility (spec §6). */
export function getOwnCollections() {
  return apiCall<CollectionList>('/manage/collections', { query: { limit: ALL_COLLECTIONS, offset: 0 } });
}

/** GET /v1/tracks/{id}/collections {user_id}: which of this member's collections hold the track. */
export function getTrackCollections(trackId: number, userId: string) {
  return apiCall<{ collections: CollectionView[]; total_collections: number; has_more: boolean }>(`/tracks/${trackId}/collections`, {
    query: { user_id: userId, limit: ALL_COLLECTIONS, offset: 0 },
  });
}
