import { NEWS, NEWS_MSG, type NewsPage, type NewsPostView } from '@stardeck/contracts/browser';
import { proxy, useSnapshot } from 'valtio';
import type { ApiFailure } from '../../lib/api';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { createNews, deleteNews, getLatestNews, getManagedNews, updateNews, type NewsFields } from './api/news';

export interface NewsState {
  /** The newest published public post, shown beside the pages; null when there is none. */
  latest: NewsPostView | null;
  /** When `latest` was fetched; stale after 5 minutes (spec §9). */
  latestAt: number | null;
  /** The admin screen's list. */
  managed: NewsPostView[];
  managedTotal: number;
  managedHasMore: boolean;
}

const initial = (): NewsState => ({ latest: null, latestAt: null, managed: [], managedTotal: 0, managedHasMore: false });

export const newsStore = proxy<NewsState>(initial());
export const useNews = () => useSnapshot(newsStore);

let epoch = 0;

/** Spec §4: after login, and again only once stale unless `force`d (a post created or its status or visibility changed). */
export async function loadLatestNews(options: { force?: boolean; now?: number } = {}): Promise<void> {
  const now = options.now ?? Date.now();
  if (!options.force && newsStore.latestAt !== null && now - newsStore.latestAt < NEWS.staleMs) return;
  const started = epoch;
  const result = await getLatestNews();
  if (started !== epoch) return;
  if (!result.ok) {
    // Spec §8: news loading failures are logged.
    console.warn('latest news failed to load', result.failure);
    return;
  }
  newsStore.latest = result.envelope.data!.news[0] ?? null;
  newsStore.latestAt = now;
}

export function showManaged(page: NewsPage): void {
  newsStore.managed = page.news;
  newsStore.managedTotal = page.total_count;
  newsStore.managedHasMore = page.has_more;
}

async function reloadManaged(): Promise<void> {
  const result = await getManagedNews(0);
  if (result.ok) showManaged(result.envelope.data!);
}

/** Field errors of a refused save, or the description; null on success. */
export type SaveOutcome = { ok: true } | { ok: false; fields: Partial<Record<string, string>>; message: string | null };

function refusal(failure: ApiFailure): SaveOutcome {
  if (failure.kind === 'http') {
    return { ok: false, fields: failure.envelope.errors ?? {}, message: failure.envelope.msg?.description ?? null };
  }
  return { ok: false, fields: {}, message: failure.message || 'An unexpected error occurred' };
}

/** The manageNews modal's save: create, or edit `post`. */
export async function saveNews(fields: NewsFields, post?: { id: number | string } & Pick<NewsPostView, 'status' | 'visibility'>): Promise<SaveOutcome> {
  const result = post ? await updateNews(post.id, fields) : await createNews(fields);
  if (!result.ok) return refusal(result.failure);
  toastSuccess(result);
  const changedReach = !post || post.status !== fields.status || post.visibility !== fields.visibility;
  await Promise.all([reloadManaged(), changedReach ? loadLatestNews({ force: true }) : Promise.resolve()]);
  return { ok: true };
}

/** The deleteNews modal: the failure text to show inline, or null when deleted. */
export async function removeNews(id: number): Promise<string | null> {
  const result = await deleteNews(id);
  if (!result.ok) {
    toastFailure(result.failure);
    return NEWS_MSG.deleteFailed;
  }
  toastSuccess(result);
  await Promise.all([reloadManaged(), newsStore.latest?.id === id ? loadLatestNews({ force: true }) : Promise.resolve()]);
  return null;
}

export function reset(): void {
  epoch++;
  Object.assign(newsStore, initial());
}
