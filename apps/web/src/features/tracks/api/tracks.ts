import { PAGE_SIZES, type CollectionView, type SavedByUserView, type TrackView, type TrackVisibility } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';
import type { ArtworkFields } from '../../../lib/artwork/artwork-file';

/** Spec §9: creating waits up to 10 minutes, editing 30 s. */
const CREATE_TIMEOUT_MS = 10 * 60_000;
const EDIT_TIMEOUT_MS = 30_000;

export type { ArtworkFields } from '../../../lib/artwork/artwork-file';

export interface TrackFields {
  title: string;
  description: string;
  visibility: TrackVisibility;
  tags: string[];
}

export interface TrackPage {
  tracks: TrackView[];
  total: number;
  has_more: boolean;
}

/** GET /v1/tracks/{id}. */
export function getTrack(id: number | string, signal?: AbortSignal) {
  return apiCall<{ track: TrackView }>(`/tracks/${id}`, { signal });
}

/** GET /v1/tracks/user/{username} {limit, offset}. */
export function getUserTracks(username: string, page: { limit: number; offset: number }, signal?: AbortSignal) {
  return apiCall<TrackPage>(`/tracks/user/${encodeURIComponent(username)}`, { query: page, signal });
}

/** POST /v1/manage/tracks: the track record for an uploaded file. */
export function createTrack(fields: TrackFields & Partial<ArtworkFields> & { key: string; filename: string; mimetype: string; extension: string; filesize: number }) {
  return apiCall<{ track: TrackView }>('/manage/tracks', { method: 'POST', body: fields, signal: AbortSignal.timeout(CREATE_TIMEOUT_MS) });
}

/** PUT /v1/manage/tracks. */
export function updateTrack(fields: TrackFields & Partial<ArtworkFields> & { track_id: number; remove_artwork?: boolean }) {
  return apiCall<{ track: TrackView }>('/manage/tracks', { method: 'PUT', body: fields, signal: AbortSignal.timeout(EDIT_TIMEOUT_MS) });
}

/** DELETE /v1/manage/tracks {track_id}. */
export function deleteTrack(trackId: number) {
  return apiCall<undefined>('/manage/tracks', { method: 'DELETE', body: { track_id: trackId } });
}

export interface SavedByPage {
  users: SavedByUserView[];
  total: number;
  has_more: boolean;
}

/** GET /v1/tracks/{id}/saved_by {limit 5, offset} (spec §7, §9). */
export function getSavedBy(trackId: number, offset: number, signal?: AbortSignal) {
  return apiCall<SavedByPage>(`/tracks/${trackId}/saved_by`, { query: { limit: PAGE_SIZES.savedBy, offset }, signal });
}

export interface TrackCollections {
  collections: CollectionView[];
  total_collections: number;
  has_more: boolean;
}

/** GET /v1/tracks/{id}/collections {limit 5, offset}: the public collections holding the track (spec §7, §9). */
export function getTrackCollections(trackId: number, offset: number, signal?: AbortSignal) {
  return apiCall<TrackCollections>(`/tracks/${trackId}/collections`, { query: { limit: PAGE_SIZES.trackCollections, offset }, signal });
}
