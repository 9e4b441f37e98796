import { Transform } from 'class-transformer';
import {
  IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min,
  registerDecorator, type ValidationOptions,
} from 'class-validator';
import { INFINITE_LIMIT_MAX, MAX_AUDIO_BYTES, UPLOAD_EXTENSIONS } from './limits';
import { MAX_WHOLE_NUMBER } from './safe-input';
import { TRACK_MSG } from './track-messages';
import { DESCRIPTION_MAX, TITLE_MAX, TRACK_SORT_KEYS, TRACK_VISIBILITIES, SORT_DIRECTIONS, normaliseTags } from './track-rules';


/** Rules run in the order listed, so 'required' shows before 'too long' (see auth.dto.ts). */
type FieldDecorator = (target: object, propertyName: string) => void;
function Rules(...decorators: FieldDecorator[]): FieldDecorator {
  return (target, propertyName) => {
    for (const decorator of decorators) decorator(target, propertyName);
  };
}

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const nullIfBlank = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));
/** Query strings and multipart fields arrive as text; numbers are parsed before the rules run. */
const toInt = () => Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));
const toBool = () => Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));
/** `1,2,3`, `[1,2]` or repeated params all become a list of numbers. */
export const toIntList = () =>
  Transform(({ value }) => {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(items)) return value;
    return items.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      .filter((item) => item !== '' && item !== null)
      .map((item) => (typeof item === 'string' && /^\d+$/.test(item.trim()) ? Number(item) : item));
  });

export function ValidTags(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'validTags',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => !('error' in normaliseTags(value)),
        defaultMessage: (args) => {
          const result = normaliseTags(args?.value);
          return 'error' in result ? result.error : TRACK_MSG.tagsInvalid;
        },
      },
    });
}

/** Ids and offsets stop where numbers stop being exact (ids are Postgres bigints, read as JavaScript numbers). */
const idRules = (message: string) => [IsInt({ message }), Min(1, { message }), Max(MAX_WHOLE_NUMBER, { message })];
const idListRules = (message: string) => [IsArray({ message }), IsInt({ each: true, message }), Max(MAX_WHOLE_NUMBER, { each: true, message })];
const OFFSET_MSG = `offset must be a whole number from 0 to ${MAX_WHOLE_NUMBER}`;
const OffsetField = () => Rules(toInt(), IsInt({ message: OFFSET_MSG }), Min(0, { message: OFFSET_MSG }), Max(MAX_WHOLE_NUMBER, { message: OFFSET_MSG }));

const TrackIdField = () => Rules(toInt(), ...idRules(TRACK_MSG.invalidTrackId));

/** Fields shared by create and edit. */
class TrackFieldsDto {
  @IsOptional()
  @Rules(nullIfBlank(), IsString({ message: TRACK_MSG.descriptionTooLong }), MaxLength(DESCRIPTION_MAX, { message: TRACK_MSG.descriptionTooLong }))
  description?: string | null;
  @IsOptional() @IsIn(TRACK_VISIBILITIES, { message: TRACK_MSG.invalidVisibility }) visibility?: (typeof TRACK_VISIBILITIES)[number];
  /** Names, or objects with a name (the tag picker sends {id, name}). */
  @IsOptional() @ValidTags() tags?: unknown[];
  /** Base64; its decoded size is checked against the 1 MB limit, so the message can name the real size. */
  @IsOptional() @Rules(nullIfBlank(), IsString({ message: TRACK_MSG.artworkInvalid }))
  artwork_data?: string | null;
  @IsOptional() @IsString() @MaxLength(100) artwork_mimetype?: string | null;
  @IsOptional() @IsString() @MaxLength(255) artwork_filename?: string | null;
}

export class CreateTrackDto extends TrackFieldsDto {
  /** Optional: the title defaults to the filename without extension. */
  @IsOptional() @Rules(trim(), IsString({ message: TRACK_MSG.titleRequired }), MaxLength(TITLE_MAX, { message: TRACK_MSG.titleTooLong })) title?: string;
  @IsOptional() @Rules(toInt(), ...idRules(TRACK_MSG.parentNotFound)) parent_id?: number | null;
  @Rules(IsString({ message: TRACK_MSG.uploadMissing }), IsNotEmpty({ message: TRACK_MSG.uploadMissing }), MaxLength(300, { message: TRACK_MSG.uploadNotYours })) key!: string;
  @Rules(IsString({ message: TRACK_MSG.invalidExtension }), IsNotEmpty({ message: TRACK_MSG.invalidExtension }), MaxLength(255, { message: TRACK_MSG.invalidExtension })) filename!: string;
  @Rules(IsString({ message: TRACK_MSG.invalidMimeType }), Matches(/^(audio|video)\//i, { message: TRACK_MSG.invalidMimeType }), MaxLength(100, { message: TRACK_MSG.invalidMimeType })) mimetype!: string;
  @Rules(Transform(({ value }) => (typeof value === 'string' ? value.replace(/^\./, '').toLowerCase() : value)), IsIn(UPLOAD_EXTENSIONS, { message: TRACK_MSG.invalidExtension })) extension!: string;
  @Rules(toInt(), IsInt({ message: TRACK_MSG.invalidMimeType }), Min(1, { message: TRACK_MSG.invalidMimeType }), Max(MAX_AUDIO_BYTES, { message: TRACK_MSG.fileTooLarge })) filesize!: number;
}

export class UpdateTrackDto extends TrackFieldsDto {
  @TrackIdField() track_id!: number;
  @Rules(trim(), IsString({ message: TRACK_MSG.titleRequired }), IsNotEmpty({ message: TRACK_MSG.titleRequired }), MaxLength(TITLE_MAX, { message: TRACK_MSG.titleTooLong })) title!: string;
  @IsOptional() @Rules(toBool(), IsBoolean({ message: 'remove_artwork must be true or false' })) remove_artwork?: boolean;
}

export class DeleteTrackDto {
  @TrackIdField() track_id!: number;
}

export class PageQueryDto {
  @IsOptional() @Rules(toInt(), IsInt({ message: 'limit must be a whole number from 1 to 100' }), Min(1, { message: 'limit must be a whole number from 1 to 100' }), Max(100, { message: 'limit must be a whole number from 1 to 100' })) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
  @IsOptional() @IsIn(SORT_DIRECTIONS, { message: 'sort_dir must be asc or desc' }) sort_dir?: (typeof SORT_DIRECTIONS)[number];
}

export class ListTracksQueryDto extends PageQueryDto {
  @IsOptional() @IsIn(TRACK_SORT_KEYS, { message: `sort_key must be one of ${TRACK_SORT_KEYS.join(', ')}` }) sort_key?: (typeof TRACK_SORT_KEYS)[number];
  @IsOptional() @Rules(trim(), IsString(), MaxLength(200)) search?: string;
  @IsOptional() @Rules(trim(), IsString(), MaxLength(64)) username?: string;
  @IsOptional() @Rules(toIntList(), ...idListRules('tag_ids must be tag ids')) tag_ids?: number[];
}

export class ListeningHistoryQueryDto extends PageQueryDto {
  @IsOptional() @Rules(trim(), IsString(), MaxLength(64)) username?: string;
}

export class InfiniteTracksDto {
  @IsOptional() @Rules(toInt(), IsInt({ message: `limit must be 1 to ${INFINITE_LIMIT_MAX}` }), Min(1, { message: `limit must be 1 to ${INFINITE_LIMIT_MAX}` }), Max(INFINITE_LIMIT_MAX, { message: `limit must be 1 to ${INFINITE_LIMIT_MAX}` })) limit?: number;
  @IsOptional() @Rules(toIntList(), ...idListRules('exclude_ids must be track ids')) exclude_ids?: number[];
}

export class TagsQueryDto {
  @IsOptional() @Rules(toInt(), IsInt({ message: 'limit must be 1 to 500' }), Min(1, { message: 'limit must be 1 to 500' }), Max(500, { message: 'limit must be 1 to 500' })) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
  @IsOptional() @IsIn(['usage_count', 'name'], { message: 'sort must be usage_count or name' }) sort?: 'usage_count' | 'name';
  @IsOptional() @Rules(trim(), IsString(), MaxLength(64)) q?: string;
}

