import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  FEED_MSG, STREAM_CONTENT_TYPES, STREAM_LIMIT_MAX, STREAM_SORTS, STREAM_TIME_RANGES, type StreamContentType, type StreamSort,
  type StreamTimeRange,
} from './feed-rules';
import { Rules } from './rules';
import { MAX_WHOLE_NUMBER } from './safe-input';

/** Query strings arrive as text; numbers are parsed before the rules run. */
const toInt = () => Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));
/** Filter names are matched in any case, as typed in an address bar. */
const lower = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
const OFFSET_MSG = `offset must be a whole number from 0 to ${MAX_WHOLE_NUMBER}`;

/** GET /v1/stream: a page of the member's stream and its filters (defaults all, all, recent). */
export class StreamQueryDto {
  @IsOptional()
  @Rules(toInt(), IsInt({ message: FEED_MSG.streamLimitInvalid }), Min(1, { message: FEED_MSG.streamLimitInvalid }), Max(STREAM_LIMIT_MAX, { message: FEED_MSG.streamLimitInvalid }))
  limit?: number;

  @IsOptional()
  @Rules(toInt(), IsInt({ message: OFFSET_MSG }), Min(0, { message: OFFSET_MSG }), Max(MAX_WHOLE_NUMBER, { message: OFFSET_MSG }))
  offset?: number;

  @IsOptional() @Rules(lower(), IsIn(STREAM_CONTENT_TYPES, { message: FEED_MSG.streamContentTypeInvalid })) content_type?: StreamContentType;
  @IsOptional() @Rules(lower(), IsIn(STREAM_TIME_RANGES, { message: FEED_MSG.streamTimeRangeInvalid })) time_range?: StreamTimeRange;
  @IsOptional() @Rules(lower(), IsIn(STREAM_SORTS, { message: FEED_MSG.streamSortInvalid })) sort?: StreamSort;
}
