import type { TrackArtworkRef, TrackTagRef, TrackVisibility } from './track-events';

/**
 * Events of an album's stream (`album-{id}`, ids from a sequence). An album is one member's
 * release: an ordered list of their own tracks. Created and edited carry the whole editable
 * state, and an arrangement the whole ordered list, so projections never merge partial edits.
 */
export type AlbumVisibility = TrackVisibility;

export interface AlbumFields {
  title: string;
  slug: string;
  description: string | null;
  /** A calendar date, `YYYY-MM-DD`. */
  release_date: string;
  visibility: AlbumVisibility;
  artwork: TrackArtworkRef | null;
  tags: TrackTagRef[];
}

export interface AlbumCreated {
  type: 'AlbumCreated';
  /** `track_ids` in play order: the track number is the place in the list, from 1. */
  data: AlbumFields & { album_id: number; user_id: string; track_ids: number[] };
}

export interface AlbumEdited {
  type: 'AlbumEdited';
  data: AlbumFields & {
    album_id: number;
    user_id: string;
    /** The artwork this edit replaced or removed, for storage cleanup. */
    previous_artwork_key: string | null;
    /** This edit made the album public for the first time: its owner's subscribers hear of it now. */
    announced: boolean;
  };
}

export interface AlbumTracksArranged {
  type: 'AlbumTracksArranged';
  data: { album_id: number; user_id: string; track_ids: number[] };
}

/** The album goes; its tracks stay. */
export interface AlbumDeleted { type: 'AlbumDeleted'; data: { album_id: number; user_id: string; artwork_key: string | null } }

export type AlbumEvent = AlbumCreated | AlbumEdited | AlbumTracksArranged | AlbumDeleted;

export const albumStreamIds = {
  album: (id: number) => `album-${id}`,
};
