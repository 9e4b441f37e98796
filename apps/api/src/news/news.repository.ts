import { Injectable } from '@nestjs/common';
import type { NewsSortKey, NewsStatus, NewsVisibility } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { paginate, type Page, type PageRequest } from '../common/paginate';
import { always, newsVisibility, type Viewer } from '../common/visibility';

export interface NewsPostRow {
  id: number;
  author_id: string;
  username: string;
  title: string;
  content: string;
  status: NewsStatus;
  visibility: NewsVisibility;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
}

const SORT_COLUMNS = {
  created: 'news_posts.created_at',
  updated: 'news_posts.updated_at',
  published_at: 'news_posts.published_at',
  title: 'news_posts.title',
} as const satisfies Record<NewsSortKey, string>;

/** Reads of the news read model. No business rules. */
@Injectable()
export class NewsRepository {
  async nextPostId(tx: Tx): Promise<number> {
    const { rows } = await sql<{ id: number }>`select nextval('news_post_id_seq') as id`.execute(tx);
    return Number(rows[0]!.id);
  }

  /** `viewer` null with `everything`: the admins' own list, drafts and private posts included. */
  private rows(executor: Db | Tx, scope: { viewer: Viewer } | 'everything') {
    return executor.selectFrom('news_posts').innerJoin('users', 'users.id', 'news_posts.author_id')
      .select([
        'news_posts.id', 'news_posts.author_id', 'users.username', 'news_posts.title', 'news_posts.content', 'news_posts.status',
        'news_posts.visibility', 'news_posts.created_at', 'news_posts.updated_at', 'news_posts.published_at',
      ])
      .where(scope === 'everything' ? () => always : newsVisibility.visibleTo(scope.viewer));
  }

  async list(executor: Db | Tx, viewer: Viewer, page: PageRequest & { sort: NewsSortKey; order: 'asc' | 'desc' }): Promise<Page<NewsPostRow>> {
    const column = SORT_COLUMNS[page.sort];
    return await paginate(this.rows(executor, { viewer }), page, (q) => q.orderBy(sql.ref(column), sql.raw(`${page.order} nulls last`)).orderBy('news_posts.id', page.order)) as Page<NewsPostRow>;
  }

  async find(executor: Db | Tx, id: number, viewer: Viewer): Promise<NewsPostRow | undefined> {
    return await this.rows(executor, { viewer }).where('news_posts.id', '=', id).executeTakeFirst() as NewsPostRow | undefined;
  }

  async listAll(executor: Db | Tx, page: PageRequest): Promise<Page<NewsPostRow>> {
    return await paginate(this.rows(executor, 'everything'), page, (q) => q.orderBy('news_posts.created_at', 'desc').orderBy('news_posts.id', 'desc')) as Page<NewsPostRow>;
  }

  async findAny(executor: Db | Tx, id: number): Promise<NewsPostRow | undefined> {
    return await this.rows(executor, 'everything').where('news_posts.id', '=', id).executeTakeFirst() as NewsPostRow | undefined;
  }
}
