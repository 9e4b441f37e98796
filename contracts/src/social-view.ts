import type { CollectionVisibility } from './social-events';
import type { TrackView } from './track-view';

/** A track in a member's library (spec §3 Library entry). */
export interface LibraryTrackView extends TrackView {
  saved_at: string;
}

/** Someone who saved a track (spec §3 Track saved_by_users). */
export interface SavedByUserView {
  id: string;
  user_id: string;
  username: string;
  display_name: string | null;
  slug: string;
  avatar: string | null;
  bio: string | null;
  saved_at: string;
  saved_track_id: number;
}

/** The Collection of spec §3, without its tracks (lists). */
export interface CollectionView {
  id: number;
  name: string;
  description: string | null;
  user_id: string;
  username: string;
  display_name: string | null;
  user_avatar: string | null;
  created: string;
  updated: string;
  /** A URL of the uploaded artwork, or null when it has none. */
  artwork: string | null;
  visibility: CollectionVisibility;
  slug: string;
  /** Tracks of the collection the viewer may see. */
  track_count: number;
  followers_count: number;
  /** The same count under the other name clients use. */
  follower_count: number;
  is_following: boolean;
}

/** GET /v1/collections/{id}: a page of its tracks too. */
export interface CollectionDetailView extends CollectionView {
  tracks: TrackView[];
  has_more_tracks: boolean;
}

/** The Comment of spec §3. */
export interface CommentView {
  id: number;
  text: string;
  track_id: number;
  parent_id: number | null;
  user_id: string;
  username: string;
  display_name: string | null;
  avatar: string | null;
  /** Whole seconds into the track. */
  track_timestamp: number;
  reply_count: number;
  created: string;
  updated: string;
  edited: boolean;
}

/** A comment in a member's list of comments: with the track it is on, to link to. */
export interface MemberCommentView extends CommentView {
  track: { id: number; title: string; username: string };
}

/** GET /v1/comments/user/{username}: a member's comments, newest first. */
export interface MemberCommentPage {
  comments: MemberCommentView[];
  total: number;
  has_more: boolean;
}

export interface CommentThreadView {
  comment: CommentView;
  replies: CommentView[];
  total_replies: number;
  has_more_replies: boolean;
}
