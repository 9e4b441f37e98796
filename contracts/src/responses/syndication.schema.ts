import { IsIn, IsInt, IsString } from 'class-validator';

/** GET /oembed: an oEmbed 1.0 "rich" answer, bare (oEmbed consumers read no envelope). */
export interface OEmbedAnswer {
  version: '1.0';
  type: 'rich';
  provider_name: string;
  provider_url: string;
  title: string;
  author_name: string;
  author_url: string;
  html: string;
  width: number;
  height: number;
  thumbnail_url: string;
}

export class OEmbedSchema implements OEmbedAnswer {
  @IsIn(['1.0']) version!: '1.0';
  @IsIn(['rich']) type!: 'rich';
  @IsString() provider_name!: string;
  @IsString() provider_url!: string;
  @IsString() title!: string;
  @IsString() author_name!: string;
  @IsString() author_url!: string;
  @IsString() html!: string;
  @IsInt() width!: number;
  @IsInt() height!: number;
  @IsString() thumbnail_url!: string;
}
