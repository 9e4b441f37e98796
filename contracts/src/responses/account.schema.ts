import { Allow, IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ACCESS_REQUEST_STATUSES, type AccessRequestStatus } from '../admin-console';
import type { InviteView, Me } from '../envelope';
import { STREAMING_QUALITIES, TIER_SLUGS, type StreamingQuality, type TierSlug, type UserConfig } from '../limits';
import { UserSummarySchema } from './profile.schema';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';

export class TierFeaturesSchema {
  @IsBoolean() infinite_mode!: boolean;
}

export class MeTierSchema {
  @IsIn(TIER_SLUGS) slug!: TierSlug;
  @Nested(() => TierFeaturesSchema) features!: TierFeaturesSchema;
}

export class UserConfigSchema implements UserConfig {
  @IsIn(STREAMING_QUALITIES) streaming_quality!: StreamingQuality;
  @IsString() default_profile_view!: string;
  @Allow() @JSONSchema({ anyOf: [{ type: 'integer', nullable: true }, { type: 'string', nullable: true }] }) pinned_track_id!: number | string | null;
  @IsString() @Nullable() motd!: string | null;
  @IsBoolean() show_profile_stats!: boolean;
  @IsBoolean() show_storage_usage!: boolean;
  @IsBoolean() share_listening_history!: boolean;
  @IsBoolean() allow_recommendations!: boolean;
}

export class MeLimitsSchema {
  @IsInt() @Nullable() invite!: number | null;
}

/** Spec §3 Me: returned by login and sync in the envelope's `me`. */
export class MeSchema implements Me {
  @IsString() id!: string;
  @IsString() username!: string;
  @IsString() email!: string;
  @IsIn(['member', 'admin']) role!: 'member' | 'admin';
  @IsString() @Nullable() display_name!: string | null;
  @IsString() slug!: string;
  @Nested(() => MeTierSchema) tier!: MeTierSchema;
  @Nested(() => UserConfigSchema) config!: UserConfigSchema;
  @IsInt() notification_count!: number;
  @IsInt() unread_message_count!: number;
  @Nested(() => MeLimitsSchema) limits!: MeLimitsSchema;
}

export class CreatedUserSchema {
  @IsString() id!: string;
  @IsString() username!: string;
}

/** POST /v1/create_account */
export class CreatedAccountSchema {
  @Nested(() => CreatedUserSchema) user!: CreatedUserSchema;
}

export class InviteViewSchema implements InviteView {
  @IsString() id!: string;
  /** The key to share; shown only to the member who owns the invite. */
  @IsString() key!: string;
  @Timestamp() created!: string;
  @Timestamp({ nullable: true }) used!: string | null;
  @IsString() @Nullable() used_by_id!: string | null;
  @IsString() @Nullable() used_by_username!: string | null;
  @IsString() @Nullable() used_by_display_name!: string | null;
}

/** GET /v1/invite */
export class InviteListSchema {
  @NestedList(() => InviteViewSchema) invites!: InviteViewSchema[];
  @IsInt() used!: number;
  @IsInt() pending!: number;
  @Nested(() => MeLimitsSchema) limits!: MeLimitsSchema;
}

/** POST /v1/invite and POST /v1/admin/access_requests/{id}/invite */
export class InviteCreatedSchema {
  @Nested(() => InviteViewSchema) invite!: InviteViewSchema;
}

/** GET /v1/validate_invite/{token}: who sent a usable key. */
export class InviteCheckSchema {
  @IsBoolean() valid!: boolean;
  /** Present when the key is valid. */
  @IsOptional() @Nested(() => UserSummarySchema) inviter?: UserSummarySchema;
}

export class AccessRequestViewSchema {
  @IsString() id!: string;
  @IsString() email!: string;
  @IsString() url!: string;
  @IsString() @Nullable() message!: string | null;
  @Timestamp() created!: string;
  @IsIn(ACCESS_REQUEST_STATUSES) status!: AccessRequestStatus;
  @IsString() @Nullable() invite_id!: string | null;
  @Timestamp({ nullable: true }) declined_at!: string | null;
}

/** GET /v1/admin/access_requests */
export class AccessRequestPageSchema {
  @NestedList(() => AccessRequestViewSchema) access_requests!: AccessRequestViewSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}

/** POST /v1/confirm_email: the address the account has now. */
export class EmailConfirmedSchema {
  @IsString() email!: string;
}
