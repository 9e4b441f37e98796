import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateIf,
  ValidateNested, registerDecorator, type ValidationOptions,
} from 'class-validator';
import { normaliseUrl } from './account-rules';
import { LIMITS, STREAMING_QUALITIES, type StreamingQuality } from './limits';
import { PROFILE_LIMITS, PROFILE_MSG, PROFILE_VIEWS, USER_CONFIG_KEYS } from './profile-rules';
import { USER_SORT_KEYS, type UserSortKey } from './profile-view';
import { isStaffName } from './reserved-names';
import { Rules } from './rules';
import { MAX_WHOLE_NUMBER } from './safe-input';
import { PageQueryDto } from './tracks.dto';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** Trimmed, and null when nothing is left: clearing a text field sends it blank. */
const trimToNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));
const toInt = () => Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value));
const toBool = () => Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));
/** Checked when the field is sent at all (null included); a field left out keeps its value. */
const IfSent = (field: string) => ValidateIf((o: Record<string, unknown>) => o[field] !== undefined);
/** Checked when sent with a value; null clears the field. */
const IfSentWithValue = (field: string) => ValidateIf((o: Record<string, unknown>) => o[field] !== undefined && o[field] !== null);

function custom(name: string, validate: (value: unknown) => boolean, message: (value: unknown) => string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name, target: target.constructor, propertyName, options,
      validator: { validate, defaultMessage: (args) => message(args?.value) },
    });
}

/** The settings object may name only the settings of spec §3 User config. */
const KnownSettingsOnly = () => custom(
  'knownSettingsOnly',
  (value) => typeof value !== 'object' || value === null || Object.keys(value).every((key) => (USER_CONFIG_KEYS as string[]).includes(key)),
  (value) => PROFILE_MSG.unknownSetting(Object.keys(value as object).find((key) => !(USER_CONFIG_KEYS as string[]).includes(key)) ?? ''),
);

/** The display-name rule past presence and length: no name that could pass for the system or the staff. */
const NotStaffName = () => custom('notStaffName', (value) => typeof value !== 'string' || !isStaffName(value), () => PROFILE_MSG.displayNameReserved);

const LinkUrl = () => custom('linkUrl', (value) => typeof value === 'string' && normaliseUrl(value) !== null, () => PROFILE_MSG.urlInvalid);

const AtMostOnePrimary = () => custom(
  'atMostOnePrimary',
  (value) => !Array.isArray(value) || value.filter((link) => (link as { is_primary?: unknown } | null)?.is_primary === true).length <= 1,
  () => PROFILE_MSG.onePrimaryLink,
);

const booleanSetting = (key: string) => Rules(IfSent(key), IsBoolean({ message: PROFILE_MSG.booleanSetting(key) }));

/** The settings a PATCH changes; the ones left out keep their saved values. */
export class UserConfigChangesDto {
  @Rules(IfSent('streaming_quality'), IsIn(STREAMING_QUALITIES, { message: PROFILE_MSG.streamingQuality })) streaming_quality?: StreamingQuality;
  @Rules(IfSent('default_profile_view'), IsIn(PROFILE_VIEWS, { message: PROFILE_MSG.profileView })) default_profile_view?: string;
  /** One of the member's own tracks, or null. */
  @Rules(toInt(), IfSentWithValue('pinned_track_id'), IsInt({ message: PROFILE_MSG.pinnedTrack }), Min(1, { message: PROFILE_MSG.pinnedTrack }),
    Max(MAX_WHOLE_NUMBER, { message: PROFILE_MSG.pinnedTrack })) pinned_track_id?: number | null;
  @Rules(trimToNull(), IfSentWithValue('motd'), IsString({ message: PROFILE_MSG.motdTooLong }), MaxLength(PROFILE_LIMITS.motdMax, { message: PROFILE_MSG.motdTooLong }))
  motd?: string | null;
  @booleanSetting('show_profile_stats') show_profile_stats?: boolean;
  @booleanSetting('show_storage_usage') show_storage_usage?: boolean;
  @booleanSetting('share_listening_history') share_listening_history?: boolean;
  @booleanSetting('allow_recommendations') allow_recommendations?: boolean;
}

/** PATCH /v1/manage/user: any of bio, display_name and config. */
export class UpdateProfileDto {
  /** Blank or null clears the bio. */
  @Rules(trimToNull(), IfSentWithValue('bio'), IsString({ message: PROFILE_MSG.bioInvalid }), MaxLength(PROFILE_LIMITS.bioMax, { message: PROFILE_MSG.bioInvalid }))
  bio?: string | null;
  @Rules(trim(), IfSent('display_name'), IsString({ message: PROFILE_MSG.displayNameRequired }), IsNotEmpty({ message: PROFILE_MSG.displayNameRequired }),
    MaxLength(LIMITS.displayNameMax, { message: PROFILE_MSG.displayNameTooLong }), NotStaffName())
  display_name?: string;
  @Rules(IfSent('config'), IsObject({ message: PROFILE_MSG.configInvalid }), KnownSettingsOnly(), ValidateNested(), Type(() => UserConfigChangesDto))
  config?: UserConfigChangesDto;
}

export class LinkDto {
  @Rules(trimToNull(), IfSentWithValue('title'), IsString({ message: PROFILE_MSG.linkTitleTooLong }), MaxLength(PROFILE_LIMITS.linkTitleMax, { message: PROFILE_MSG.linkTitleTooLong }))
  title?: string | null;
  @Rules(trim(), IsString({ message: PROFILE_MSG.urlRequired }), IsNotEmpty({ message: PROFILE_MSG.urlRequired }), MaxLength(2048, { message: PROFILE_MSG.urlInvalid }), LinkUrl())
  url!: string;
  @IsOptional() @IsBoolean({ message: 'is_primary must be true or false' }) is_primary?: boolean;
}

/** PUT /v1/manage/links: the whole list, replacing the saved one. */
export class ReplaceLinksDto {
  @Rules(IsArray({ message: PROFILE_MSG.linksInvalid }), ArrayMaxSize(PROFILE_LIMITS.links, { message: PROFILE_MSG.tooManyLinks }),
    IsObject({ each: true, message: PROFILE_MSG.linksInvalid }), AtMostOnePrimary(), ValidateNested({ each: true }), Type(() => LinkDto))
  links!: LinkDto[];
}

export class SubscribeDto {
  @Rules(trim(), IsString({ message: PROFILE_MSG.usernameRequired }), IsNotEmpty({ message: PROFILE_MSG.usernameRequired }), MaxLength(64, { message: PROFILE_MSG.usernameRequired }))
  username!: string;
}

/** GET /v1/subscribers and /v1/subscriptions: whose list (default: the viewer's own), one page of it. */
export class SubscriptionListQueryDto extends PageQueryDto {
  @IsOptional() @Rules(trim(), IsString(), MaxLength(64)) username?: string;
}

export class ListUsersQueryDto extends PageQueryDto {
  @IsOptional() @IsIn(USER_SORT_KEYS, { message: `sort_key must be one of ${USER_SORT_KEYS.join(', ')}` }) sort_key?: UserSortKey;
  /** Matched anywhere in the username or the display name. */
  @IsOptional() @Rules(trim(), IsString(), MaxLength(100)) search?: string;
  /** Only members with at least one track listed to the viewer. */
  @IsOptional() @Rules(toBool(), IsBoolean({ message: 'has_tracks must be true or false' })) has_tracks?: boolean;
}
