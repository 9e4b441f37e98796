import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Rules } from './rules';
import { EMBED_MAX_SIZE, OEMBED_FORMATS, SYNDICATION_MSG } from './syndication-rules';

const toInt = () => Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));
const size = (field: string) => [
  toInt(), IsInt({ message: SYNDICATION_MSG.sizeInvalid(field) }), Min(1, { message: SYNDICATION_MSG.sizeInvalid(field) }),
  Max(EMBED_MAX_SIZE, { message: SYNDICATION_MSG.sizeInvalid(field) }),
];

/** GET /oembed (oEmbed 1.0 §2.2): the page URL, the largest size the consumer can show, and the format. */
export class OEmbedQueryDto {
  @Rules(IsNotEmpty({ message: SYNDICATION_MSG.urlRequired }), IsString({ message: SYNDICATION_MSG.urlInvalid }), MaxLength(2048, { message: SYNDICATION_MSG.urlInvalid }))
  url!: string;

  @IsOptional() @Rules(...size('maxwidth')) maxwidth?: number;
  @IsOptional() @Rules(...size('maxheight')) maxheight?: number;
  @IsOptional() @Rules(IsIn(OEMBED_FORMATS, { message: SYNDICATION_MSG.formatInvalid })) format?: (typeof OEMBED_FORMATS)[number];
}
