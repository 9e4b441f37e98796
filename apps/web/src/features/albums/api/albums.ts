import type { AlbumDetailView, AlbumPage, AlbumVisibility, TrackAlbumsView, TrackView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';
import type { ArtworkFields } from '../../../lib/artwork/artwork-file';

type Page = { limit: number; offset: number };

export interface AlbumFields {
  title: string;
  description: string;
  release_date: string;
  visibility: AlbumVisibility;
  tags: string[];
}

/** GET /v1/albums/{id}: the album with its tracks in order. */
export function getAlbum(id: number | string, signal?: AbortSignal) {
  return apiCall<{ album: AlbumDetailView }>(`/albums/${encodeURIComponent(String(id))}`, { signal });
}

/** GET /v1/albums/user/{username}: newest first; one's own in every visibility. */
export function getUserAlbums(username: string, page: Page, signal?: AbortSignal) {
  return apiCall<AlbumPage>(`/albums/user/${encodeURIComponent(username)}`, { query: page, signal });
}

/** GET /v1/albums: explore, newest first, of every tag in tag_ids. */
export function listAlbums(query: Page & { tag_ids?: number[] }, signal?: AbortSignal) {
  const { tag_ids: tagIds, ...page } = query;
  return apiCall<AlbumPage>('/albums', { query: { ...page, ...(tagIds?.length ? { tag_ids: tagIds.join(',') } : {}) }, signal });
}

/** GET /v1/tracks/{id}/albums: the albums a track page links back to. */
export function getTrackAlbums(trackId: number, signal?: AbortSignal) {
  return apiCall<TrackAlbumsView>(`/tracks/${trackId}/albums`, { signal });
}

/** The member's own tracks an album can hold (GET /v1/tracks/user/{username}, the API's largest page). */
export function getOwnTracks(username: string) {
  return apiCall<{ tracks: TrackView[] }>(`/tracks/user/${encodeURIComponent(username)}`, { query: { limit: 100, offset: 0 } });
}

/** POST /v1/albums. */
export function createAlbum(fields: AlbumFields & Partial<ArtworkFields> & { track_ids: number[] }) {
  return apiCall<{ album: AlbumDetailView }>('/albums', { method: 'POST', body: fields });
}

/** PUT /v1/albums/{id}: remove_artwork drops the stored cover. */
export function updateAlbum(id: number, fields: AlbumFields & Partial<ArtworkFields> & { remove_artwork?: boolean }) {
  return apiCall<{ album: AlbumDetailView }>(`/albums/${id}`, { method: 'PUT', body: fields });
}

/** PUT /v1/albums/{id}/tracks: the full ordered list. */
export function arrangeAlbum(id: number, trackIds: number[]) {
  return apiCall<{ album: AlbumDetailView }>(`/albums/${id}/tracks`, { method: 'PUT', body: { track_ids: trackIds } });
}

/** DELETE /v1/albums/{id}: the tracks stay. */
export function deleteAlbum(id: number) {
  return apiCall<undefined>(`/albums/${id}`, { method: 'DELETE' });
}
