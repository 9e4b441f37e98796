// class-transformer's @Type reads design-time metadata when a DTO class is defined.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Rules } from './rules';
import { MAX_WHOLE_NUMBER } from './safe-input';

const wholeNumber = (name: string, min: number, max: number = MAX_WHOLE_NUMBER) =>
  Rules(
    Type(() => Number) as never,
    IsInt({ message: `${name} must be a whole number` }),
    Min(min, { message: `${name} must be at least ${min}` }),
    Max(max, { message: `${name} must be at most ${max}` }),
  );

/** limit/offset paging of admin lists. */
export class PageDto {
  @IsOptional() @wholeNumber('limit', 1, 100) limit?: number;
  @IsOptional() @wholeNumber('offset', 0) offset?: number;
}
