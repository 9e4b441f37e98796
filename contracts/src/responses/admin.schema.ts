import { IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString } from 'class-validator';
import type { AdminMemberView, AdminOverview, StateChange } from '../admin-console';
import { MEMBER_TIERS, type MemberTier } from '../limits';
import { AnyObject, AnyValue, Nested, NestedList, Nullable, Timestamp } from './schema-fields';

export class RebuildProgressSchema {
  @IsInt() done!: number;
  @IsInt() total!: number;
  /** Events per second since the rebuild started. */
  @IsInt() rate!: number;
  /** Seconds left at that rate; null until there is a rate. */
  @IsInt() @Nullable() eta_seconds!: number | null;
  @Timestamp({ nullable: true }) started_at!: string | null;
}

/** The last rebuild that finished: every event it read, its average rate, and when it ran. */
export class LastRebuildSchema {
  @IsInt() done!: number;
  @IsInt() total!: number;
  @IsInt() rate!: number;
  @Timestamp({ nullable: true }) started_at!: string | null;
  @Timestamp() finished_at!: string;
}

/** Why the last rebuild did not finish (failed or cancelled), and the event that caused it when one did. */
export class ProjectionErrorSchema {
  @IsString() message!: string;
  @IsInt() @Nullable() position!: number | null;
  @Timestamp() at!: string;
}

export class ProjectionStatusSchema {
  @IsString() name!: string;
  @IsIn(['inline', 'async']) kind!: 'inline' | 'async';
  /** Sends work out (mail, pushes, transcode jobs) instead of keeping a read model. */
  @IsBoolean() outbox!: boolean;
  @IsString({ each: true }) handles!: string[];
  @IsIn(['live', 'rebuilding', 'rebuild_requested']) status!: 'live' | 'rebuilding' | 'rebuild_requested';
  @IsInt() checkpoint!: number;
  @IsInt() head!: number;
  /** Events appended after the checkpoint. */
  @IsInt() lag!: number;
  @IsString() @Nullable() owner!: string | null;
  @Nested(() => RebuildProgressSchema) @Nullable() rebuild!: RebuildProgressSchema | null;
  @Nested(() => LastRebuildSchema) @Nullable() last_rebuild!: LastRebuildSchema | null;
  @Nested(() => ProjectionErrorSchema) @Nullable() last_error!: ProjectionErrorSchema | null;
  @Timestamp() updated_at!: string;
}

/** GET /v1/admin/projections */
export class ProjectionListSchema {
  @NestedList(() => ProjectionStatusSchema) projections!: ProjectionStatusSchema[];
}

/** POST /v1/admin/projections/{name}/rebuild */
export class ProjectionDataSchema {
  @Nested(() => ProjectionStatusSchema) projection!: ProjectionStatusSchema;
}

/** One event of the log as the inspector shows it: secret payload fields are redacted. */
export class InspectedEventSchema {
  @IsInt() global_position!: number;
  @IsString() transaction_id!: string;
  @IsString() stream_id!: string;
  @IsInt() stream_version!: number;
  @IsString() type!: string;
  @IsInt() schema_version!: number;
  @AnyObject() data!: Record<string, unknown>;
  /** actor, request_id, correlation_id, causation_id. */
  @AnyObject() metadata!: Record<string, unknown>;
  @IsString() event_id!: string;
  @Timestamp() recorded_at!: string;
  /** The actor's username when the actor is a member. */
  @IsString() @Nullable() actor_username!: string | null;
}

/** GET /v1/admin/events: newest first. */
export class EventPageSchema {
  @NestedList(() => InspectedEventSchema) events!: InspectedEventSchema[];
  @IsBoolean() has_more!: boolean;
  /** Pass as `before` for the next (older) page. */
  @IsInt() @Nullable() next_before!: number | null;
}

export class DevMailSchema {
  @IsInt() id!: number;
  @IsString() to!: string;
  @IsString() subject!: string;
  @IsString() text!: string;
  @IsString() @Nullable() link!: string | null;
  @Timestamp() created!: string;
}

/** GET /v1/admin/mail */
export class DevMailPageSchema {
  @NestedList(() => DevMailSchema) mail!: DevMailSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
  @IsIn(['smtp', 'dev-mailbox']) mailer!: 'smtp' | 'dev-mailbox';
}

export class MemberTierSchema {
  @IsString() id!: string;
  @IsIn(MEMBER_TIERS) tier!: MemberTier;
}

/** PUT /v1/admin/users/{id}/tier */
export class TierChangedSchema {
  @Nested(() => MemberTierSchema) user!: MemberTierSchema;
}

/** GET /v1/admin/events/{position} */
export class InspectedEventDetailSchema {
  @Nested(() => InspectedEventSchema) event!: InspectedEventSchema;
  /** The event named by the causation id, when it is in the log. */
  @Nested(() => InspectedEventSchema) @Nullable() cause!: InspectedEventSchema | null;
  /** Events this one caused, oldest first. */
  @NestedList(() => InspectedEventSchema) caused!: InspectedEventSchema[];
  /** Every event sharing its correlation id, oldest first. */
  @NestedList(() => InspectedEventSchema) chain!: InspectedEventSchema[];
  @IsBoolean() chain_truncated!: boolean;
}

/** One difference between two states of an aggregate: a path into the state, its old and new value. */
export class StateChangeSchema implements StateChange {
  @IsIn(['CREATE', 'REMOVE', 'CHANGE']) type!: 'CREATE' | 'REMOVE' | 'CHANGE';
  /** Property names and list indexes. */
  @IsArray() path!: (string | number)[];
  @IsOptional() @AnyValue() oldValue?: unknown;
  @IsOptional() @AnyValue() value?: unknown;
}

export class StateComparisonSchema {
  @IsInt() version!: number;
  @AnyValue() state!: unknown;
  @NestedList(() => StateChangeSchema) changes!: StateChangeSchema[];
}

/** GET /v1/admin/streams/{stream}: the aggregate's state is free-form, as its decider folds it. */
export class StreamReplaySchema {
  @IsString() stream_id!: string;
  @IsString() @Nullable() model!: string | null;
  @IsInt() version!: number;
  @NestedList(() => InspectedEventSchema) events!: InspectedEventSchema[];
  @IsInt() as_of!: number;
  /** Null for a stream no decider owns. */
  @AnyValue() state!: unknown;
  @Nested(() => StateComparisonSchema) @Nullable() compare!: StateComparisonSchema | null;
}

export class EventFiguresSchema {
  @IsInt() total!: number;
  @IsInt() head!: number;
  @IsInt() last_hour!: number;
  /** Over the last five minutes. */
  @IsNumber() per_minute!: number;
}

export class RelayFiguresSchema {
  @IsInt() checkpoint!: number;
  @IsInt() lag!: number;
}

export class TranscodeFiguresSchema {
  @IsInt() queued!: number;
  @IsInt() processing!: number;
  @IsInt() failed_24h!: number;
}

export class WaitlistFiguresSchema {
  @IsInt() pending!: number;
}

export class ContactFiguresSchema {
  @IsInt() unread!: number;
}

/** GET /v1/admin/overview */
export class AdminOverviewSchema implements AdminOverview {
  @Nested(() => EventFiguresSchema) events!: EventFiguresSchema;
  @Nested(() => RelayFiguresSchema) @Nullable() relay!: RelayFiguresSchema | null;
  @Nested(() => TranscodeFiguresSchema) transcode!: TranscodeFiguresSchema;
  @Nested(() => WaitlistFiguresSchema) waitlist!: WaitlistFiguresSchema;
  @Nested(() => ContactFiguresSchema) contact!: ContactFiguresSchema;
  @IsIn(['smtp', 'dev-mailbox']) mailer!: 'smtp' | 'dev-mailbox';
}

export class AdminMemberSchema implements AdminMemberView {
  @IsString() id!: string;
  @IsString() username!: string;
  @IsString() email!: string;
  @IsIn(['member', 'admin']) role!: 'member' | 'admin';
  @IsString() tier!: string;
  @IsBoolean() verified!: boolean;
  @Timestamp() created!: string;
  @Timestamp({ nullable: true }) last_seen!: string | null;
}

/** GET /v1/admin/members */
export class AdminMemberPageSchema {
  @NestedList(() => AdminMemberSchema) members!: AdminMemberSchema[];
  @IsBoolean() has_more!: boolean;
}
