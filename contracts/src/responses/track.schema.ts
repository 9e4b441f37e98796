import { IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsString } from 'class-validator';
import { STREAMING_QUALITIES, type StreamingQuality } from '../limits';
import type { TrackStatus, TrackVisibility } from '../track-events';
import type { TagView, TrackPeaksView, TrackVideoView, TrackView } from '../track-view';
import { TRACK_VISIBILITIES } from '../track-rules';
import { Nested, NestedList, Nullable, TextMap, Timestamp } from './schema-fields';

const TRACK_STATUSES = ['processing', 'ready', 'failed'] as const satisfies readonly TrackStatus[];

export class TagViewSchema implements TagView {
  @IsInt() id!: number;
  @IsString() name!: string;
  @IsString() slug!: string;
  @IsInt() usage_count!: number;
}

export class StandardRenditionSchema {
  @IsNumber() @Nullable() duration!: number | null;
}

export class TrackAnalysisSchema {
  @IsNumber() @Nullable() bitrate!: number | null;
  @IsInt() play_count!: number;
  /** The list-resolution waveform: 8-bit values, base64 (contracts' peaksForDrawing decodes it); '' until transcoded. */
  @IsString() peaks!: string;
  /** The full-resolution waveform's immutable URL; null until transcoded. */
  @IsString() @Nullable() peaks_url!: string | null;
  @Nested(() => StandardRenditionSchema) standard!: StandardRenditionSchema;
}

/** A video track's picture: the H.264 rendition (signed like a play URL; null for visitors) and its poster. */
export class TrackVideoSchema implements TrackVideoView {
  /** Of the H.264 rendition: at most 1280×720, square pixels, the source's aspect ratio. */
  @IsInt() width!: number;
  @IsInt() height!: number;
  /** The poster frame's signed URL (JPEG); also the track's `artwork` when none was given. */
  @IsString() poster!: string;
  /** The MP4 rendition, signed and short-lived like a play URL; null for visitors. */
  @IsString() @Nullable() url!: string | null;
}

/** The Track of spec §3. */
export class TrackViewSchema implements TrackView {
  @IsInt() id!: number;
  @IsString() title!: string;
  @IsString() slug!: string;
  @IsString() user_id!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
  /** m:ss; '0:00' until transcoded. */
  @IsString() duration!: string;
  @IsNumber() @Nullable() duration_seconds!: number | null;
  @IsInt() filesize!: number;
  @Timestamp() created!: string;
  @Timestamp() updated!: string;
  /** A URL of the uploaded artwork, or of the generated pixel artwork. */
  @IsString() artwork!: string;
  @IsBoolean() has_artwork!: boolean;
  @IsIn(TRACK_VISIBILITIES) visibility!: TrackVisibility;
  @IsIn(TRACK_STATUSES) status!: TrackStatus;
  /** Percent done while processing. */
  @IsNumber() @Nullable() progress!: number | null;
  @IsString() @Nullable() failure_reason!: string | null;
  @IsString() @Nullable() description!: string | null;
  @NestedList(() => TagViewSchema) tags!: TagViewSchema[];
  @IsString() filename!: string;
  @IsString() mimetype!: string;
  /** The stored source's key: shown to the owner only. */
  @IsString() @Nullable() key!: string | null;
  @IsString() extension!: string;
  @IsInt() @Nullable() parent_id!: number | null;
  @Nested(() => TrackAnalysisSchema) analysis!: TrackAnalysisSchema;
  /** Which renditions exist: standard, high, flac. */
  @IsArray() @IsString({ each: true }) qualities!: string[];
  @IsInt() play_count!: number;
  /** Whether the viewer saved it; false for visitors. */
  @IsBoolean() in_library!: boolean;
  @IsInt() saved_by_count!: number;
  /** Collections that hold it and that the viewer may list. */
  @IsInt() in_collections_count!: number;
  @IsInt() comment_count!: number;
  /** Null for audio tracks. */
  @Nested(() => TrackVideoSchema) @Nullable() video!: TrackVideoSchema | null;
}

/** GET /v1/tracks/{id}, and the track a create or edit returns. */
export class TrackDataSchema {
  @Nested(() => TrackViewSchema) track!: TrackViewSchema;
}

/** GET /v1/tracks/{id}/peaks: every pair of the waveform, packed like `analysis.peaks`. */
export class TrackPeaksSchema implements TrackPeaksView {
  @IsString() peaks!: string;
}

/** A page of tracks (GET /v1/tracks, GET /v1/tracks/user/{username}). */
export class TrackPageSchema {
  @NestedList(() => TrackViewSchema) tracks!: TrackViewSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** POST /v1/tracks/infinite */
export class TrackListSchema {
  @NestedList(() => TrackViewSchema) tracks!: TrackViewSchema[];
}

export class PlayedTrackSchema extends TrackViewSchema {
  @Timestamp() played_at!: string;
}

/** GET /v1/listening_history */
export class HistoryPageSchema {
  @NestedList(() => PlayedTrackSchema) tracks!: PlayedTrackSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** GET /v1/tracks/{id}/play: a short-lived URL of the best rendition the member's tier allows. */
export class PlayUrlSchema {
  @IsString() url!: string;
  @IsIn(STREAMING_QUALITIES) quality!: StreamingQuality;
  @IsString() mimetype!: string;
  @IsInt() expires_in!: number;
}

/** POST /v1/manage/tracks/preflight: where and how to PUT the file. */
export class PreflightSchema {
  @IsString() upload_url!: string;
  @IsIn(['PUT']) method!: 'PUT';
  @TextMap() headers!: Record<string, string>;
  @IsString() s3_path!: string;
  @IsString() key!: string;
  @IsInt() expires_in!: number;
  @TextMap() form_data!: Record<string, string>;
}

export class TagUsageSchema extends TagViewSchema {
  @IsInt() unique_artists!: number;
}

/** GET /v1/tags */
export class TagListSchema {
  @NestedList(() => TagUsageSchema) tags!: TagUsageSchema[];
  @IsInt() unique_artists!: number;
}
