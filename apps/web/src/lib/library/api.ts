import type { LibraryTrackView } from '@stardeck/contracts/browser';
import { apiCall } from '../api-client';

export interface LibraryPage {
  tracks: LibraryTrackView[];
  total_tracks: number;
  has_more: boolean;
}

export interface LibraryChange {
  track_id: number;
  in_library: boolean;
  saved_by_count: number;
}

/** GET /v1/library/user/{username} {limit, offset}: spec §7 uses 10000 to load every saved id. */
export function getLibrary(username: string, page: { limit: number; offset: number }, signal?: AbortSignal) {
  return apiCall<LibraryPage>(`/library/user/${encodeURIComponent(username)}`, { query: page, signal });
}

/** POST /v1/manage/library {track_id}. */
export function saveTrack(trackId: number) {
  return apiCall<LibraryChange>('/manage/library', { method: 'POST', body: { track_id: trackId } });
}

/** DELETE /v1/manage/library {track_id}: also takes it out of the member's collections, named in affected_collections. */
export function unsaveTrack(trackId: number) {
  return apiCall<LibraryChange & { affected_collections: number[] }>('/manage/library', { method: 'DELETE', body: { track_id: trackId } });
}
