import { IsBoolean, IsIn, IsInt, IsString } from 'class-validator';
import type { CollectionVisibility } from '../social-events';
import type { CollectionDetailView, CollectionView, CommentThreadView, CommentView, LibraryTrackView, SavedByUserView } from '../social-view';
import { TRACK_VISIBILITIES } from '../track-rules';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';
import { TrackViewSchema } from './track.schema';

export class LibraryTrackSchema extends TrackViewSchema implements LibraryTrackView {
  @Timestamp() saved_at!: string;
}

/** GET /v1/library/user/{username} */
export class LibraryPageSchema {
  @NestedList(() => LibraryTrackSchema) tracks!: LibraryTrackSchema[];
  @IsInt() total_tracks!: number;
  @IsBoolean() has_more!: boolean;
}

/** POST and DELETE /v1/manage/library */
export class LibraryChangeSchema {
  @IsInt() track_id!: number;
  @IsBoolean() in_library!: boolean;
  @IsInt() saved_by_count!: number;
}

export class LibraryRemovalSchema extends LibraryChangeSchema {
  /** Ids of the member's collections the track was taken out of. */
  @IsInt({ each: true }) affected_collections!: number[];
}

export class SavedByUserSchema implements SavedByUserView {
  @IsString() id!: string;
  @IsString() user_id!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
  @IsString() slug!: string;
  @IsString() @Nullable() avatar!: string | null;
  @IsString() @Nullable() bio!: string | null;
  @Timestamp() saved_at!: string;
  @IsInt() saved_track_id!: number;
}

/** GET /v1/tracks/{id}/saved_by */
export class SavedByPageSchema {
  @NestedList(() => SavedByUserSchema) users!: SavedByUserSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** The Collection of spec §3. */
export class CollectionViewSchema implements CollectionView {
  @IsInt() id!: number;
  @IsString() name!: string;
  @IsString() @Nullable() description!: string | null;
  @IsString() user_id!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
  @IsString() @Nullable() user_avatar!: string | null;
  @Timestamp() created!: string;
  @Timestamp() updated!: string;
  @IsString() @Nullable() artwork!: string | null;
  @IsIn(TRACK_VISIBILITIES) visibility!: CollectionVisibility;
  @IsString() slug!: string;
  /** Tracks of the collection the viewer may see. */
  @IsInt() track_count!: number;
  @IsInt() followers_count!: number;
  @IsInt() follower_count!: number;
  @IsBoolean() is_following!: boolean;
}

export class CollectionDetailSchema extends CollectionViewSchema implements CollectionDetailView {
  @NestedList(() => TrackViewSchema) tracks!: TrackViewSchema[];
  @IsBoolean() has_more_tracks!: boolean;
}

/** GET /v1/collections/{id}, and what create and edit return. */
export class CollectionDataSchema {
  @Nested(() => CollectionDetailSchema) collection!: CollectionDetailSchema;
}

/** A page of collections. */
export class CollectionPageSchema {
  @NestedList(() => CollectionViewSchema) collections!: CollectionViewSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** GET /v1/tracks/{id}/collections */
export class TrackCollectionsSchema {
  @NestedList(() => CollectionViewSchema) collections!: CollectionViewSchema[];
  @IsInt() total_collections!: number;
  @IsBoolean() has_more!: boolean;
}

/** POST and DELETE /v1/manage/collections/{id}/follow */
export class FollowStateSchema {
  @IsInt() collection_id!: number;
  @IsBoolean() is_following!: boolean;
  @IsInt() followers_count!: number;
  @IsInt() follower_count!: number;
}

/** POST and DELETE /v1/manage/collections/{id}/tracks */
export class CollectionTrackChangeSchema {
  @IsInt() collection_id!: number;
  @IsInt() track_id!: number;
  @IsBoolean() in_collection!: boolean;
  @IsInt() track_count!: number;
}

/** The Comment of spec §3. */
export class CommentViewSchema implements CommentView {
  @IsInt() id!: number;
  @IsString() text!: string;
  @IsInt() track_id!: number;
  @IsInt() @Nullable() parent_id!: number | null;
  @IsString() user_id!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
  @IsString() @Nullable() avatar!: string | null;
  /** Whole seconds into the track. */
  @IsInt() track_timestamp!: number;
  @IsInt() reply_count!: number;
  @Timestamp() created!: string;
  @Timestamp() updated!: string;
  @IsBoolean() edited!: boolean;
}

/** POST a comment or a reply, PUT a comment. */
export class CommentDataSchema {
  @Nested(() => CommentViewSchema) comment!: CommentViewSchema;
}

/** GET /v1/comments/resource/track/{trackId} */
export class CommentPageSchema {
  @NestedList(() => CommentViewSchema) comments!: CommentViewSchema[];
  @IsInt() total_comments!: number;
  @IsBoolean() has_more!: boolean;
}

export class CommentTrackSchema {
  @IsInt() id!: number;
  @IsString() title!: string;
  /** The track owner's, for the track's path. */
  @IsString() username!: string;
}

export class MemberCommentSchema extends CommentViewSchema {
  @Nested(() => CommentTrackSchema) track!: CommentTrackSchema;
}

/** GET /v1/comments/user/{username} */
export class MemberCommentPageSchema {
  @NestedList(() => MemberCommentSchema) comments!: MemberCommentSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

export class CommentThreadSchema implements CommentThreadView {
  @Nested(() => CommentViewSchema) comment!: CommentViewSchema;
  @NestedList(() => CommentViewSchema) replies!: CommentViewSchema[];
  @IsInt() total_replies!: number;
  @IsBoolean() has_more_replies!: boolean;
}

/** GET /v1/comments/track/{commentId}/thread */
export class CommentThreadDataSchema {
  @Nested(() => CommentThreadSchema) thread!: CommentThreadSchema;
}
