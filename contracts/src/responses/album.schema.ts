import { IsBoolean, IsIn, IsInt, IsNumber, IsString } from 'class-validator';
import type { AlbumVisibility } from '../album-events';
import type { AlbumDetailView, AlbumPage, AlbumTrackView, AlbumView, TrackAlbumsView } from '../album-view';
import { TRACK_VISIBILITIES } from '../track-rules';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';
import { TagViewSchema, TrackViewSchema } from './track.schema';

/** An album as lists show it. */
export class AlbumViewSchema implements AlbumView {
  @IsInt() id!: number;
  @IsString() title!: string;
  @IsString() slug!: string;
  @IsString() @Nullable() description!: string | null;
  /** YYYY-MM-DD */
  @IsString() release_date!: string;
  @IsString() user_id!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
  @IsString() @Nullable() user_avatar!: string | null;
  @IsString() @Nullable() artwork!: string | null;
  @IsIn(TRACK_VISIBILITIES) visibility!: AlbumVisibility;
  @NestedList(() => TagViewSchema) tags!: TagViewSchema[];
  /** Tracks of the album the viewer may see. */
  @IsInt() track_count!: number;
  /** Seconds of those tracks together. */
  @IsNumber() total_duration!: number;
  @Timestamp() created!: string;
  @Timestamp() updated!: string;
}

export class AlbumTrackSchema extends TrackViewSchema implements AlbumTrackView {
  @IsInt() track_number!: number;
}

export class AlbumDetailSchema extends AlbumViewSchema implements AlbumDetailView {
  @NestedList(() => AlbumTrackSchema) tracks!: AlbumTrackSchema[];
}

/** GET /v1/albums/{id}, and what create, edit and arrange return. */
export class AlbumDataSchema {
  @Nested(() => AlbumDetailSchema) album!: AlbumDetailSchema;
}

/** GET /v1/albums and GET /v1/albums/user/{username} */
export class AlbumPageSchema implements AlbumPage {
  @NestedList(() => AlbumViewSchema) albums!: AlbumViewSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** GET /v1/tracks/{id}/albums */
export class TrackAlbumsSchema implements TrackAlbumsView {
  @NestedList(() => AlbumViewSchema) albums!: AlbumViewSchema[];
}
