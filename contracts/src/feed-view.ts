import type { AlbumView } from './album-view';
import type { UserSummary } from './profile-view';
import type { CollectionDetailView } from './social-view';
import type { TagView, TrackView } from './track-view';

/** A track in a member's stream: the track view plus when it entered the stream. */
export interface StreamTrackView extends TrackView {
  /** When the track was uploaded, or added to a followed collection (the later, when both). */
  streamed_at: string;
}

export interface StreamPage {
  tracks: StreamTrackView[];
  /**
   * New public albums of the members one subscribes to, newest first, within the time range: on
   * the first page of uploads (content type all or uploads), empty on the others.
   */
  albums: AlbumView[];
  total: number;
  has_more: boolean;
}

/** Spec §3 Discover payload: only what is listed to everyone. */
export interface DiscoverView {
  recent_tracks: TrackView[];
  /** The member who joined last; null before anyone has. */
  newest_user: UserSummary | null;
  /** Members most recently active, most recent first. */
  active_users: UserSummary[];
  /** The most used tags, each used on at least two listed tracks. */
  tags: TagView[];
  /** The public collection changed last that shows a track; null when there is none. */
  recent_collection: CollectionDetailView | null;
  stats: { total_tracks: number; total_users: number; total_collections: number };
}
