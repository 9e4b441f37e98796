import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import {
  NOTIFICATION_ACTIONS, type NotificationAction, type NotificationActorView, type NotificationAlbumView, type NotificationCollectionView, type NotificationCommentView,
  type NotificationMetadata, type NotificationTrackView, type NotificationView,
} from '../notification-view';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';

export class NotificationActorSchema implements NotificationActorView {
  @IsString() id!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
  @IsString() slug!: string;
  @IsString() @Nullable() avatar!: string | null;
}

export class NotificationTrackSchema implements NotificationTrackView {
  @IsInt() id!: number;
  @IsString() title!: string;
  @IsString() slug!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
}

export class NotificationCommentSchema implements NotificationCommentView {
  @IsInt() id!: number;
  @IsString() text!: string;
  @IsInt() track_id!: number;
}

export class NotificationCollectionSchema implements NotificationCollectionView {
  @IsInt() id!: number;
  @IsString() name!: string;
  @IsString() slug!: string;
}

export class NotificationAlbumSchema implements NotificationAlbumView {
  @IsInt() id!: number;
  @IsString() title!: string;
  @IsString() slug!: string;
  @IsString() username!: string;
}

export class NotificationMetadataSchema implements NotificationMetadata {
  @IsOptional() @IsIn(['track', 'collection', 'album']) resource_type?: 'track' | 'collection' | 'album';
  @IsOptional() @IsInt() resource_id?: number;
  @IsOptional() @IsString() resource_title?: string;
  @IsOptional() @IsString() resource_username?: string;
}

/** The Notification of spec §3. */
export class NotificationSchema implements NotificationView {
  @IsString() id!: string;
  @IsIn(NOTIFICATION_ACTIONS) action!: NotificationAction;
  @Timestamp() created!: string;
  @Nested(() => NotificationActorSchema) actor!: NotificationActorSchema;
  @Nested(() => NotificationMetadataSchema) metadata!: NotificationMetadataSchema;
  @Nested(() => NotificationTrackSchema) @Nullable() track!: NotificationTrackSchema | null;
  @Nested(() => NotificationCommentSchema) @Nullable() comment!: NotificationCommentSchema | null;
  @Nested(() => NotificationCommentSchema) @Nullable() comment_thread!: NotificationCommentSchema | null;
  @Nested(() => NotificationCollectionSchema) @Nullable() collection!: NotificationCollectionSchema | null;
  @Nested(() => NotificationAlbumSchema) @Nullable() album!: NotificationAlbumSchema | null;
}

/** GET /v1/notifications */
export class NotificationPageSchema {
  @NestedList(() => NotificationSchema) notifications!: NotificationSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}
