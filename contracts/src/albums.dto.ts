import { Transform } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min,
  registerDecorator,
} from 'class-validator';
import { ALBUM_LIMITS, ALBUM_MSG, isReleaseDate } from './album-rules';
import { Rules } from './rules';
import { MAX_WHOLE_NUMBER } from './safe-input';
import { PAGE_LIMITS } from './social-rules';
import { TRACK_MSG } from './track-messages';
import { TRACK_VISIBILITIES } from './track-rules';
import { ValidTags, toIntList } from './tracks.dto';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const nullIfBlank = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));
const toInt = () => Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));
const toBool = () => Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));

function IsReleaseDate() {
  return (target: object, propertyName: string) => registerDecorator({
    name: 'isReleaseDate', target: target.constructor, propertyName, options: { message: ALBUM_MSG.releaseDateInvalid },
    validator: { validate: (value: unknown) => isReleaseDate(value) },
  });
}

const titleRules = () => [
  trim(),
  IsString({ message: ALBUM_MSG.titleRequired }),
  IsNotEmpty({ message: ALBUM_MSG.titleRequired }),
  MaxLength(ALBUM_LIMITS.titleMax, { message: ALBUM_MSG.titleTooLong }),
];

/** The whole ordered list: 1 to 100 distinct track ids, the first one is track 1. */
const trackListRules = () => [
  IsArray({ message: ALBUM_MSG.tracksInvalid }),
  IsInt({ each: true, message: ALBUM_MSG.tracksInvalid }),
  Min(1, { each: true, message: ALBUM_MSG.tracksInvalid }),
  Max(MAX_WHOLE_NUMBER, { each: true, message: ALBUM_MSG.tracksInvalid }),
  ArrayMinSize(ALBUM_LIMITS.tracksMin, { message: ALBUM_MSG.tracksRequired }),
  ArrayMaxSize(ALBUM_LIMITS.tracksMax, { message: ALBUM_MSG.tracksRequired }),
  ArrayUnique({ message: ALBUM_MSG.trackRepeated }),
];

/** Fields shared by create and edit; the cover travels as base64 and follows a track artwork's rules. */
class AlbumFieldsDto {
  @IsOptional()
  @Rules(nullIfBlank(), IsString({ message: ALBUM_MSG.descriptionTooLong }), MaxLength(ALBUM_LIMITS.descriptionMax, { message: ALBUM_MSG.descriptionTooLong }))
  description?: string | null;
  @IsOptional() @Rules(trim(), IsReleaseDate()) release_date?: string;
  @IsOptional() @IsIn(TRACK_VISIBILITIES, { message: ALBUM_MSG.visibilityInvalid }) visibility?: (typeof TRACK_VISIBILITIES)[number];
  /** Names, or objects with a name, under a track's tag rules. */
  @IsOptional() @ValidTags() tags?: unknown[];
  @IsOptional() @Rules(nullIfBlank(), IsString({ message: TRACK_MSG.artworkInvalid })) artwork_data?: string | null;
  @IsOptional() @IsString() @MaxLength(100) artwork_mimetype?: string | null;
  @IsOptional() @IsString() @MaxLength(255) artwork_filename?: string | null;
}

/** POST /v1/albums */
export class CreateAlbumDto extends AlbumFieldsDto {
  @Rules(...titleRules()) title!: string;
  @Rules(...trackListRules()) track_ids!: number[];
}

/** PUT /v1/albums/{id}: a partial edit; a field left out keeps its value, a title that is sent must not be blank. */
export class UpdateAlbumDto extends AlbumFieldsDto {
  @IsOptional() @Rules(...titleRules()) title?: string;
  @IsOptional() @Rules(toBool(), IsBoolean({ message: 'remove_artwork must be true or false' })) remove_artwork?: boolean;
}

/** PUT /v1/albums/{id}/tracks: the full ordered list. */
export class ArrangeAlbumTracksDto {
  @Rules(...trackListRules()) track_ids!: number[];
}

const LIMIT_MSG = `limit must be a whole number from 1 to ${PAGE_LIMITS.list}`;
const OFFSET_MSG = `offset must be a whole number from 0 to ${MAX_WHOLE_NUMBER}`;

/** GET /v1/albums/user/{username} */
export class AlbumPageQueryDto {
  @IsOptional() @Rules(toInt(), IsInt({ message: LIMIT_MSG }), Min(1, { message: LIMIT_MSG }), Max(PAGE_LIMITS.list, { message: LIMIT_MSG })) limit?: number;
  @IsOptional() @Rules(toInt(), IsInt({ message: OFFSET_MSG }), Min(0, { message: OFFSET_MSG }), Max(MAX_WHOLE_NUMBER, { message: OFFSET_MSG })) offset?: number;
}

/** GET /v1/albums: explore, newest first, optionally only albums carrying every one of these tags. */
export class ListAlbumsQueryDto extends AlbumPageQueryDto {
  @IsOptional()
  @Rules(toIntList(), IsArray({ message: 'tag_ids must be tag ids' }), IsInt({ each: true, message: 'tag_ids must be tag ids' }), Max(MAX_WHOLE_NUMBER, { each: true, message: 'tag_ids must be tag ids' }))
  tag_ids?: number[];
}
