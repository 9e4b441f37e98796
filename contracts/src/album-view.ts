import type { AlbumVisibility } from './album-events';
import type { TagView, TrackView } from './track-view';

/** An album as lists show it, for one viewer. */
export interface AlbumView {
  id: number;
  title: string;
  slug: string;
  description: string | null;
  /** `YYYY-MM-DD`. */
  release_date: string;
  user_id: string;
  username: string;
  display_name: string | null;
  user_avatar: string | null;
  /** A URL of the uploaded cover, or null when it has none (clients draw the pixel artwork of `album-{id}`). */
  artwork: string | null;
  visibility: AlbumVisibility;
  tags: TagView[];
  /** Tracks of the album the viewer may see, and their running time in seconds. */
  track_count: number;
  total_duration: number;
  created: string;
  updated: string;
}

/** A track of an album: its number counts only the tracks the viewer sees, so no gap hints at a hidden one. */
export interface AlbumTrackView extends TrackView {
  track_number: number;
}

/** GET /v1/albums/{id}: the album with its tracks in order. */
export interface AlbumDetailView extends AlbumView {
  tracks: AlbumTrackView[];
}

export interface AlbumPage {
  albums: AlbumView[];
  total: number;
  has_more: boolean;
}

/** GET /v1/tracks/{id}/albums: the albums holding a track that the viewer may list. */
export interface TrackAlbumsView {
  albums: AlbumView[];
}
