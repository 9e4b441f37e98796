import { Injectable } from '@nestjs/common';
import {
  NEWS, NEWS_MSG, newsStreamIds, type CreateNewsDto, type ManageNewsQueryDto, type NewsPage, type NewsPostView, type NewsQueryDto, type UpdateNewsDto,
} from '@stardeck/contracts';
import type { Clock, Db } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import type { Page } from '../common/paginate';
import { InjectClock, InjectDatabase } from '../platform/tokens';
import { NewsCommands } from './news-commands';
import { NewsRepository, type NewsPostRow } from './news.repository';

const iso = (value: Date | string) => new Date(value).toISOString();

export function newsView(row: NewsPostRow): NewsPostView {
  return {
    id: Number(row.id), title: row.title, content: row.content, user_id: row.author_id, username: row.username, status: row.status,
    visibility: row.visibility, created: iso(row.created_at), updated: iso(row.updated_at), published_at: row.published_at ? iso(row.published_at) : null,
  };
}

const pageOfNews = (page: Page<NewsPostRow>): NewsPage => ({ news: page.items.map(newsView), total_count: page.total, has_more: page.has_more });

/** News: members read published public posts; admins write every post (the controllers hold who may call what). */
@Injectable()
export class NewsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectClock() private readonly clock: Clock,
    private readonly commands: NewsCommands,
    private readonly news: NewsRepository,
  ) {}

  async list(viewer: AuthUser, query: NewsQueryDto): Promise<NewsPage> {
    return pageOfNews(await this.news.list(this.db, viewer, {
      limit: query.limit ?? NEWS.page, offset: query.offset ?? 0, sort: query.sort ?? 'created', order: query.order ?? 'desc',
    }));
  }

  /** A draft, a private post and a missing one answer alike. */
  async get(viewer: AuthUser, id: number): Promise<NewsPostView> {
    const row = await this.news.find(this.db, id, viewer);
    if (!row) throw ApiError.notFound(NEWS_MSG.notFound, NEWS_MSG.title);
    return newsView(row);
  }

  async manageList(query: ManageNewsQueryDto): Promise<NewsPage> {
    return pageOfNews(await this.news.listAll(this.db, { limit: query.limit ?? NEWS.page, offset: query.offset ?? 0 }));
  }

  async create(admin: AuthUser, dto: CreateNewsDto): Promise<NewsPostView> {
    const id = await this.commands.transaction(async (tx) => {
      const postId = await this.news.nextPostId(tx);
      await this.commands.runIn(tx, newsStreamIds.post(postId), { type: 'CreateNewsPost', post_id: postId, author_id: admin.id, ...dto, now: this.clock.now() });
      return postId;
    });
    return this.managed(id);
  }

  async update(_admin: AuthUser, id: number, dto: UpdateNewsDto): Promise<NewsPostView> {
    await this.commands.execute(newsStreamIds.post(id), { type: 'UpdateNewsPost', ...dto, now: this.clock.now() });
    return this.managed(id);
  }

  async delete(admin: AuthUser, id: number): Promise<void> {
    await this.commands.execute(newsStreamIds.post(id), { type: 'DeleteNewsPost', actor_id: admin.id });
  }

  private async managed(id: number): Promise<NewsPostView> {
    const row = await this.news.findAny(this.db, id);
    if (!row) throw ApiError.notFound(NEWS_MSG.notFound, NEWS_MSG.title);
    return newsView(row);
  }
}
