import { IsBoolean, IsInt } from 'class-validator';
import type { DiscoverView, StreamPage, StreamTrackView } from '../feed-view';
import { AlbumViewSchema } from './album.schema';
import { UserSummarySchema } from './profile.schema';
import { CollectionDetailSchema } from './social.schema';
import { TagViewSchema, TrackViewSchema } from './track.schema';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';

export class StreamTrackSchema extends TrackViewSchema implements StreamTrackView {
  @Timestamp() streamed_at!: string;
}

/** GET /v1/stream */
export class StreamPageSchema implements StreamPage {
  @NestedList(() => StreamTrackSchema) tracks!: StreamTrackSchema[];
  @NestedList(() => AlbumViewSchema) albums!: AlbumViewSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

export class DiscoverStatsSchema {
  @IsInt() total_tracks!: number;
  @IsInt() total_users!: number;
  @IsInt() total_collections!: number;
}

/** GET /v1/discover: spec §3 Discover payload. */
export class DiscoverSchema implements DiscoverView {
  @NestedList(() => TrackViewSchema) recent_tracks!: TrackViewSchema[];
  @Nested(() => UserSummarySchema) @Nullable() newest_user!: UserSummarySchema | null;
  @NestedList(() => UserSummarySchema) active_users!: UserSummarySchema[];
  @NestedList(() => TagViewSchema) tags!: TagViewSchema[];
  @Nested(() => CollectionDetailSchema) @Nullable() recent_collection!: CollectionDetailSchema | null;
  @Nested(() => DiscoverStatsSchema) stats!: DiscoverStatsSchema;
}
