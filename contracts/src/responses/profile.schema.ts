import { IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';
import type { ProfileLink } from '../profile-events';
import type { ProfileLimits, ProfileStats, UserProfile, UserSummary } from '../profile-view';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';

/** Spec §3 User summary: a member in any list. */
export class UserSummarySchema implements UserSummary {
  @IsString() id!: string;
  @IsString() username!: string;
  @IsString() @Nullable() display_name!: string | null;
  @IsString() slug!: string;
  @IsString() @Nullable() avatar!: string | null;
  @Timestamp() joined_at!: string;
  @IsInt() audio_count!: number;
  @IsInt() subscriber_count!: number;
  @IsBoolean() is_subscribed!: boolean;
  /** In the users list only. */
  @IsOptional() @IsString() @Nullable() bio?: string | null;
  /** In the users list only. */
  @IsOptional() @Timestamp({ nullable: true }) last_seen?: string | null;
}

export class LinkSchema implements ProfileLink {
  @IsString() id!: string;
  @IsString() @Nullable() title!: string | null;
  @IsString() url!: string;
  @IsBoolean() is_primary!: boolean;
}

export class ProfileStatsSchema implements ProfileStats {
  @IsInt() audio_count!: number;
  @IsInt() library_count!: number;
  @IsInt() comments_count!: number;
  @IsInt() subscriber_count!: number;
  @IsInt() subscription_count!: number;
}

export class ProfileLimitsSchema implements ProfileLimits {
  /** Largest audio file of one track, in bytes. */
  @IsInt() track!: number;
  @IsInt() @Nullable() invite!: number | null;
  /** Storage the tier allows, in bytes. */
  @IsInt() storage!: number;
}

/** Spec §3 User profile. */
export class UserProfileSchema implements UserProfile {
  @IsString() id!: string;
  @IsString() username!: string;
  @IsString() slug!: string;
  @IsString() @Nullable() avatar!: string | null;
  @IsString() @Nullable() banner!: string | null;
  @IsString() @Nullable() bio!: string | null;
  @IsString() @Nullable() display_name!: string | null;
  @Timestamp() created!: string;
  @NestedList(() => LinkSchema) links!: LinkSchema[];
  /** The member's pinned track, opened through GET /v1/tracks/{id} (its visibility applies). */
  @IsInt() @Nullable() pinned_track_id!: number | null;
  /** Null when the member hides their stats from others. */
  @Nested(() => ProfileStatsSchema) @Nullable() stats!: ProfileStatsSchema | null;
  @IsBoolean() is_subscribed!: boolean;
  /** Bytes; null unless the viewer is the member or the member shows their storage. */
  @IsInt() @Nullable() storage_used!: number | null;
  @Nested(() => ProfileLimitsSchema) @Nullable() limits!: ProfileLimitsSchema | null;
  @IsBoolean() has_conversation!: boolean;
}

/** GET /v1/users/{username}, PATCH /v1/manage/user */
export class UserProfileDataSchema {
  @Nested(() => UserProfileSchema) user!: UserProfileSchema;
}

/** GET /v1/users */
export class UserPageSchema {
  @NestedList(() => UserSummarySchema) users!: UserSummarySchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** GET /v1/subscribers */
export class SubscriberPageSchema {
  @NestedList(() => UserSummarySchema) subscribers!: UserSummarySchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** GET /v1/subscriptions */
export class SubscriptionPageSchema {
  @NestedList(() => UserSummarySchema) subscriptions!: UserSummarySchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** POST and DELETE /v1/subscribe */
export class SubscribeResultSchema {
  @IsBoolean() success!: boolean;
}

/** PUT /v1/manage/links */
export class LinksDataSchema {
  @NestedList(() => LinkSchema) links!: LinkSchema[];
}

/** POST /v1/manage/avatar */
export class AvatarDataSchema {
  @IsString() avatar!: string;
}

/** POST /v1/manage/banner */
export class BannerDataSchema {
  @IsString() banner!: string;
}
