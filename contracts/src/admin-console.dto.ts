// class-transformer's @Type reads design-time metadata when a DTO class is defined.
import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { IsISO8601, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ADMIN_CONSOLE, ADMIN_MSG } from './admin-console';
import { Rules } from './rules';
import { MAX_WHOLE_NUMBER } from './safe-input';

const wholeNumber = (name: string, min: number, max: number = MAX_WHOLE_NUMBER) =>
  Rules(
    Type(() => Number) as never,
    IsInt({ message: `${name} must be a whole number` }),
    Min(min, { message: `${name} must be at least ${min}` }),
    Max(max, { message: `${name} must be at most ${max}` }),
  );
const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const time = (name: string) => Rules(IsString({ message: ADMIN_MSG.badTime(name) }), IsISO8601({ strict: true }, { message: ADMIN_MSG.badTime(name) }));

/**
 * GET /v1/admin/events: the inspector's filters, all optional. `stream` is a stream id, or a
 * category when it ends with a dash (`track-`); `type` is one or more type names separated by
 * commas; `actor` a user id or username; `before` a global position (the keyset: newest first,
 * below it).
 */
export class EventListQueryDto {
  @IsOptional() @trim() @Rules(IsString(), MaxLength(200)) stream?: string;
  @IsOptional() @trim() @Rules(IsString({ message: ADMIN_MSG.badType }), MaxLength(2000), Matches(/^[A-Za-z][A-Za-z0-9]*(,[A-Za-z][A-Za-z0-9]*)*$/, { message: ADMIN_MSG.badType })) type?: string;
  @IsOptional() @trim() @Rules(IsString(), MaxLength(100)) actor?: string;
  @IsOptional() @trim() @Rules(IsString(), MaxLength(200)) correlation_id?: string;
  @IsOptional() @time('from') from?: string;
  @IsOptional() @time('to') to?: string;
  @IsOptional() @wholeNumber('before', 1) before?: number;
  @IsOptional() @wholeNumber('limit', 1, ADMIN_CONSOLE.eventPageMax) limit?: number;
}

/** GET /v1/admin/streams/{stream}: fold up to `as_of` (default: the last version), diff against `compare`. */
export class StreamReplayQueryDto {
  @IsOptional() @wholeNumber('as_of', 0) as_of?: number;
  @IsOptional() @wholeNumber('compare', 0) compare?: number;
}

/** GET /v1/admin/members: `q` matches username or email (prefix), or an exact user id. */
export class MemberSearchDto {
  @IsOptional() @trim() @Rules(IsString(), MaxLength(128)) q?: string;
  @IsOptional() @wholeNumber('limit', 1, 100) limit?: number;
  @IsOptional() @wholeNumber('offset', 0) offset?: number;
}
