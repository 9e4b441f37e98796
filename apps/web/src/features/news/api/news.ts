import { NEWS, type NewsPage, type NewsPostView, type NewsSortKey, type NewsStatus, type NewsVisibility } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export interface NewsFields {
  title: string;
  content: string;
  status: NewsStatus;
  visibility: NewsVisibility;
}

/** GET /v1/news {limit, offset, sort, order}: published public posts. */
export function getNews(query: { limit?: number; offset?: number; sort?: NewsSortKey; order?: 'asc' | 'desc' } = {}, signal?: AbortSignal) {
  return apiCall<NewsPage>('/news', { query: { limit: NEWS.page, offset: 0, sort: 'created', order: 'desc', ...query }, signal });
}

/** The latest post (spec §7: limit 1, sort created, order desc). */
export function getLatestNews(signal?: AbortSignal) {
  return getNews({ limit: 1, offset: 0, sort: 'created', order: 'desc' }, signal);
}

/** GET /v1/news/{id}. */
export function getNewsPost(id: string, signal?: AbortSignal) {
  return apiCall<{ news: NewsPostView }>(`/news/${encodeURIComponent(id)}`, { signal });
}

/** GET /v1/manage/news {limit, offset}: every post, for admins. */
export function getManagedNews(offset: number, signal?: AbortSignal) {
  return apiCall<NewsPage>('/manage/news', { query: { limit: NEWS.page, offset }, signal });
}

export function createNews(fields: NewsFields) {
  return apiCall<{ news: NewsPostView }>('/manage/news', { method: 'POST', body: fields });
}

export function updateNews(id: number | string, fields: Partial<NewsFields>) {
  return apiCall<{ news: NewsPostView }>(`/manage/news/${encodeURIComponent(String(id))}`, { method: 'PUT', body: fields });
}

export function deleteNews(id: number | string) {
  return apiCall<undefined>(`/manage/news/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
}
