import { IsBoolean, IsIn, IsInt, IsString } from 'class-validator';
import { NEWS_STATUSES, NEWS_VISIBILITIES, type NewsPage, type NewsPostView, type NewsStatus, type NewsVisibility } from '../news';
import { Nested, NestedList, Timestamp } from './schema-fields';

/** The News post of spec §3. */
export class NewsPostSchema implements NewsPostView {
  @IsInt() id!: number;
  @IsString() title!: string;
  @IsString() content!: string;
  @IsString() user_id!: string;
  @IsString() username!: string;
  @IsIn(NEWS_STATUSES) status!: NewsStatus;
  @IsIn(NEWS_VISIBILITIES) visibility!: NewsVisibility;
  @Timestamp() created!: string;
  @Timestamp() updated!: string;
  @Timestamp({ nullable: true }) published_at!: string | null;
}

/** GET /v1/news and GET /v1/manage/news: spec §7 names the count `total_count` here. */
export class NewsPageSchema implements NewsPage {
  @NestedList(() => NewsPostSchema) news!: NewsPostSchema[];
  @IsInt() total_count!: number;
  @IsBoolean() has_more!: boolean;
}

/** GET /v1/news/{id}, and what writing a post returns. */
export class NewsDataSchema {
  @Nested(() => NewsPostSchema) news!: NewsPostSchema;
}
