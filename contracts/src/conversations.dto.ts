import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DIRECT_MESSAGES, DM_MSG } from './conversations';
import { NEWS, NEWS_MSG, NEWS_SORT_KEYS, NEWS_STATUSES, NEWS_VISIBILITIES, type NewsSortKey, type NewsStatus, type NewsVisibility } from './news';
import { Rules } from './rules';
import { MAX_WHOLE_NUMBER } from './safe-input';
import { SORT_DIRECTIONS } from './track-rules';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
/** Query strings arrive as text; numbers are parsed before the rules run. */
const toInt = () => Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));
const OFFSET_MSG = `offset must be a whole number from 0 to ${MAX_WHOLE_NUMBER}`;
const OffsetField = () => Rules(toInt(), IsInt({ message: OFFSET_MSG }), Min(0, { message: OFFSET_MSG }), Max(MAX_WHOLE_NUMBER, { message: OFFSET_MSG }));
const LimitField = (max: number) => {
  const message = `limit must be a whole number from 1 to ${max}`;
  return Rules(toInt(), IsInt({ message }), Min(1, { message }), Max(max, { message }));
};

/** POST /v1/messages: spec §5, 1 to 4096 characters after trim. */
export class SendMessageDto {
  @Rules(trim(), IsString({ message: DM_MSG.recipientRequired }), IsNotEmpty({ message: DM_MSG.recipientRequired }), MaxLength(64, { message: DM_MSG.recipientRequired }))
  recipient_username!: string;

  @Rules(trim(), IsString({ message: DM_MSG.contentRequired }), IsNotEmpty({ message: DM_MSG.contentRequired }), MaxLength(DIRECT_MESSAGES.contentMax, { message: DM_MSG.contentTooLong }))
  content!: string;
}

/** GET /v1/conversations: spec §9 pages of 20. */
export class ConversationsQueryDto {
  @IsOptional() @LimitField(100) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}

/** GET /v1/conversations/{id}/messages: 1000 per load, 50 per poll from the newest id the reader has. */
export class ConversationMessagesQueryDto {
  @IsOptional() @LimitField(DIRECT_MESSAGES.messagesLoad) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
  @IsOptional() @Rules(toInt(), IsInt({ message: 'since_id must be a whole number' }), Min(0, { message: 'since_id must be a whole number' }), Max(MAX_WHOLE_NUMBER, { message: 'since_id must be a whole number' }))
  since_id?: number;
}

/** GET /v1/news: published public posts. */
export class NewsQueryDto {
  @IsOptional() @LimitField(NEWS.pageMax) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
  @IsOptional() @IsIn(NEWS_SORT_KEYS, { message: NEWS_MSG.sortInvalid }) sort?: NewsSortKey;
  @IsOptional() @IsIn(SORT_DIRECTIONS, { message: NEWS_MSG.orderInvalid }) order?: 'asc' | 'desc';
}

/** GET /v1/manage/news: every post, newest first. */
export class ManageNewsQueryDto {
  @IsOptional() @LimitField(NEWS.pageMax) limit?: number;
  @IsOptional() @OffsetField() offset?: number;
}

const titleRules = () => [
  trim(), IsString({ message: NEWS_MSG.titleRequired }), IsNotEmpty({ message: NEWS_MSG.titleRequired }), MaxLength(NEWS.titleMax, { message: NEWS_MSG.titleTooLong }),
];
const contentRules = () => [IsString({ message: NEWS_MSG.contentRequired }), Transform(({ value }) => (typeof value === 'string' && !value.trim() ? '' : value)), IsNotEmpty({ message: NEWS_MSG.contentRequired })];

/** POST /v1/manage/news. */
export class CreateNewsDto {
  @Rules(...titleRules()) title!: string;
  @Rules(...contentRules()) content!: string;
  @IsIn(NEWS_STATUSES, { message: NEWS_MSG.statusInvalid }) status!: NewsStatus;
  @IsIn(NEWS_VISIBILITIES, { message: NEWS_MSG.visibilityInvalid }) visibility!: NewsVisibility;
}

/** PUT /v1/manage/news/{id}: the fields sent change, the others stay. */
export class UpdateNewsDto {
  @IsOptional() @Rules(...titleRules()) title?: string;
  @IsOptional() @Rules(...contentRules()) content?: string;
  @IsOptional() @IsIn(NEWS_STATUSES, { message: NEWS_MSG.statusInvalid }) status?: NewsStatus;
  @IsOptional() @IsIn(NEWS_VISIBILITIES, { message: NEWS_MSG.visibilityInvalid }) visibility?: NewsVisibility;
}
