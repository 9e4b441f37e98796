import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX, COMMENT_TEXT_MAX } from './limits';
import { Rules } from './rules';
import { MAX_WHOLE_NUMBER } from './safe-input';
import { SOCIAL_MSG } from './social-messages';
import { SONAR } from './sonar';
import { COLLECTION_SORT_KEYS, PAGE_LIMITS, type CollectionSortKey } from './social-rules';
import { SORT_DIRECTIONS, TRACK_VISIBILITIES } from './track-rules';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const nullIfBlank = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));
/** Query strings arrive as text; numbers are parsed before the rules run. */
const toInt = () => Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));
const toBool = () => Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));
/** `public,unlisted` or repeated params become a list. */
const toList = () => Transform(({ value }) => {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : value;
  if (!Array.isArray(items)) return value;
  return items.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item])).map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
});

const idRules = (message: string) => [toInt(), IsInt({ message }), Min(1, { message }), Max(MAX_WHOLE_NUMBER, { message })];
const OFFSET_MSG = `offset must be a whole number from 0 to ${MAX_WHOLE_NUMBER}`;
const OffsetField = () => Rules(toInt(), IsInt({ message: OFFSET_MSG }), Min(0, { message: OFFSET_MSG }), Max(MAX_WHOLE_NUMBER, { message: OFFSET_MSG }));
const LimitField = (max: number) => {
  const message = `limit must be a whole number from 1 to ${max}`;
  return Rules(toInt(), IsInt({ message }), Min(1, { message }), Max(max, { message }));
};

export class LibraryTrackDto {
  @Rules(...idRules(SOCIAL_MSG.noTrackId)) track_id!: number;
}

export class LibraryQueryDto {
  @IsOptional() @LimitField(PAGE_LIMITS.library) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}

export class SavedByQueryDto {
  @IsOptional() @LimitField(PAGE_LIMITS.list) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}

export class TrackCollectionsQueryDto {
  @IsOptional() @LimitField(PAGE_LIMITS.list) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
  /** Only this member's collections (the collections control of one's own track card). */
  @IsOptional() @IsUUID('all', { message: SOCIAL_MSG.invalidUserId }) user_id?: string;
}

export class CollectionTracksQueryDto {
  @IsOptional() @LimitField(PAGE_LIMITS.collectionTracks) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}

export class CollectionPageQueryDto {
  @IsOptional() @LimitField(PAGE_LIMITS.list) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}

/** GET /v1/collections/followed: the viewer's follows, or another member's (those listed to the viewer). */
export class FollowedCollectionsQueryDto extends CollectionPageQueryDto {
  @IsOptional() @Rules(trim(), IsString(), MaxLength(64)) username?: string;
}

export class ListCollectionsQueryDto extends CollectionPageQueryDto {
  @IsOptional() @IsIn(COLLECTION_SORT_KEYS, { message: SOCIAL_MSG.collectionSortKeyInvalid }) sort_key?: CollectionSortKey;
  @IsOptional() @IsIn(SORT_DIRECTIONS, { message: 'sort_dir must be asc or desc' }) sort_dir?: (typeof SORT_DIRECTIONS)[number];
  @IsOptional() @Rules(toList(), IsIn(TRACK_VISIBILITIES, { each: true, message: SOCIAL_MSG.collectionVisibilityListInvalid })) visibility?: (typeof TRACK_VISIBILITIES)[number][];
  @IsOptional() @Rules(trim(), IsString(), MaxLength(200)) search?: string;
  @IsOptional() @Rules(trim(), IsString(), MaxLength(64)) username?: string;
}

/** Fields shared by create and edit; artwork travels as base64 like a track's. */
class CollectionFieldsDto {
  @IsOptional()
  @Rules(nullIfBlank(), IsString({ message: SOCIAL_MSG.collectionDescriptionTooLong }), MaxLength(COLLECTION_DESCRIPTION_MAX, { message: SOCIAL_MSG.collectionDescriptionTooLong }))
  description?: string | null;
  @IsOptional() @IsIn(TRACK_VISIBILITIES, { message: SOCIAL_MSG.collectionVisibilityInvalid }) visibility?: (typeof TRACK_VISIBILITIES)[number];
  @IsOptional() @Rules(nullIfBlank(), IsString({ message: 'Invalid artwork format. Please use jpg, png, gif, or webp.' })) artwork_data?: string | null;
  @IsOptional() @IsString() @MaxLength(100) artwork_mimetype?: string | null;
  @IsOptional() @IsString() @MaxLength(255) artwork_filename?: string | null;
}

const nameRules = () => [
  trim(),
  IsString({ message: SOCIAL_MSG.collectionNameRequired }),
  IsNotEmpty({ message: SOCIAL_MSG.collectionNameRequired }),
  MaxLength(COLLECTION_NAME_MAX, { message: SOCIAL_MSG.collectionNameTooLong }),
];

export class CreateCollectionDto extends CollectionFieldsDto {
  @Rules(...nameRules()) name!: string;
}

/** A partial edit: a field left out keeps its value; a name that is sent must not be blank. */
export class UpdateCollectionDto extends CollectionFieldsDto {
  @IsOptional() @Rules(...nameRules()) name?: string;
  @IsOptional() @Rules(toBool(), IsBoolean({ message: 'remove_artwork must be true or false' })) remove_artwork?: boolean;
}

export class CollectionTrackDto {
  @Rules(...idRules(SOCIAL_MSG.noTrackId)) track_id!: number;
}

const textRules = () => [
  trim(),
  IsString({ message: SOCIAL_MSG.commentRequired }),
  IsNotEmpty({ message: SOCIAL_MSG.commentRequired }),
  MaxLength(COMMENT_TEXT_MAX, { message: SOCIAL_MSG.commentTooLong }),
];
/** Whole seconds; the track's length bounds it, which only the server knows. */
const timestampRules = () => [
  IsInt({ message: SOCIAL_MSG.commentTimestampInvalid }),
  Min(0, { message: SOCIAL_MSG.commentTimestampInvalid }),
  Max(MAX_WHOLE_NUMBER, { message: SOCIAL_MSG.commentTimestampInvalid }),
];

export class PostCommentDto {
  @Rules(...textRules()) text!: string;
  @Rules(...timestampRules()) track_timestamp!: number;
}

export class ReplyCommentDto {
  @Rules(...textRules()) text!: string;
}

export class EditCommentDto {
  @Rules(...textRules()) text!: string;
  /** Left out, the comment keeps its place on the waveform. */
  @IsOptional() @Rules(...timestampRules()) track_timestamp?: number;
}

export class CommentsQueryDto {
  @IsOptional() @LimitField(PAGE_LIMITS.comments) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}

/** GET /v1/sonar/{roomId}/messages: spec §9 history pages of 64. */
export class SonarMessagesQueryDto {
  @IsOptional() @LimitField(SONAR.historyPageMax) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}

/** GET /v1/notifications: spec §9 pages of 20. */
export class NotificationsQueryDto {
  @IsOptional() @LimitField(PAGE_LIMITS.list) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}
