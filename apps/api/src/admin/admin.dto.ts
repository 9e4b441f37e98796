import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class EventQueryDto {
  @IsOptional() @IsString() @MaxLength(200) stream?: string;
  @IsOptional() @IsString() @MaxLength(100) type?: string;
  @IsOptional() @IsString() @MaxLength(100) actor?: string;
  @IsOptional() @Type(() => Number) @IsInt({ message: 'after must be a whole number' }) @Min(0) after?: number;
  @IsOptional() @Type(() => Number) @IsInt({ message: 'limit must be a whole number' }) @Min(1) @Max(500) limit?: number;
}

export class PageDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) offset?: number;
}
