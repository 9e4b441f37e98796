import type { TrackArtworkRef, TrackVisibility } from './track-events';

/**
 * Events of the social core. A library entry is its own stream per member and track
 * (`library-{userId}-{trackId}`), as is a collection follow (`collectionfollow-{collectionId}-{userId}`):
 * parallel saves or follows of one pair are serialised on that small stream alone. Collections and
 * comments have a stream each (`collection-{id}`, `comment-{id}`), with ids from a sequence.
 * Payloads name the owner of what was acted on, so notifications never need a read model.
 */
export type CollectionVisibility = TrackVisibility;

export interface TrackSaved { type: 'TrackSaved'; data: { user_id: string; track_id: number; track_owner_id: string } }
export interface TrackUnsaved { type: 'TrackUnsaved'; data: { user_id: string; track_id: number; track_owner_id: string } }

/** Created and updated carry the whole editable state, so projections never merge partial edits. */
export interface CollectionCreated {
  type: 'CollectionCreated';
  data: {
    collection_id: number;
    user_id: string;
    name: string;
    slug: string;
    description: string | null;
    visibility: CollectionVisibility;
    artwork: TrackArtworkRef | null;
  };
}

export interface CollectionUpdated {
  type: 'CollectionUpdated';
  data: {
    collection_id: number;
    user_id: string;
    name: string;
    slug: string;
    description: string | null;
    visibility: CollectionVisibility;
    artwork: TrackArtworkRef | null;
    /** The artwork this edit replaced or removed, for storage cleanup. */
    previous_artwork_key: string | null;
  };
}

export interface CollectionDeleted { type: 'CollectionDeleted'; data: { collection_id: number; user_id: string; artwork_key: string | null } }

export interface CollectionTrackAdded {
  type: 'CollectionTrackAdded';
  data: { collection_id: number; collection_owner_id: string; track_id: number; track_owner_id: string };
}
export interface CollectionTrackRemoved {
  type: 'CollectionTrackRemoved';
  data: { collection_id: number; collection_owner_id: string; track_id: number };
}

export interface CollectionFollowed { type: 'CollectionFollowed'; data: { collection_id: number; collection_owner_id: string; user_id: string } }
export interface CollectionUnfollowed { type: 'CollectionUnfollowed'; data: { collection_id: number; collection_owner_id: string; user_id: string } }

export interface CommentPosted {
  type: 'CommentPosted';
  data: {
    comment_id: number;
    track_id: number;
    track_owner_id: string;
    author_id: string;
    /** The thread's first comment when this is a reply. */
    parent_id: number | null;
    parent_author_id: string | null;
    text: string;
    /** Whole seconds into the track. */
    track_timestamp: number;
  };
}

export interface CommentEdited {
  type: 'CommentEdited';
  data: { comment_id: number; track_id: number; author_id: string; text: string; track_timestamp: number };
}

/** Deleting a thread's first comment takes its replies with it. */
export interface CommentDeleted {
  type: 'CommentDeleted';
  data: { comment_id: number; track_id: number; track_owner_id: string; author_id: string; parent_id: number | null; deleted_by: string };
}

export type LibraryEvent = TrackSaved | TrackUnsaved;
export type CollectionEvent = CollectionCreated | CollectionUpdated | CollectionDeleted | CollectionTrackAdded | CollectionTrackRemoved;
export type CollectionFollowEvent = CollectionFollowed | CollectionUnfollowed;
export type CommentEvent = CommentPosted | CommentEdited | CommentDeleted;
export type SocialEvent = LibraryEvent | CollectionEvent | CollectionFollowEvent | CommentEvent;

export const socialStreamIds = {
  libraryEntry: (userId: string, trackId: number) => `library-${userId}-${trackId}`,
  collection: (id: number) => `collection-${id}`,
  collectionFollow: (collectionId: number, userId: string) => `collectionfollow-${collectionId}-${userId}`,
  comment: (id: number) => `comment-${id}`,
};
