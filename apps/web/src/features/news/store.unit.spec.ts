import type { NewsPostView } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { loadLatestNews, newsStore, removeNews, reset, saveNews } from './store';

const post = (id: number, fields: Partial<NewsPostView> = {}): NewsPostView => ({
  id, title: `Post ${id}`, content: 'Body', user_id: 'a', username: 'root', status: 'published', visibility: 'public',
  created: '2026-11-22T10:00:00.000Z', updated: '2026-11-22T10:00:00.000Z', published_at: '2026-11-22T10:00:00.000Z', ...fields,
});
const newsPage = (...posts: NewsPostView[]) => ok({ news: posts, total_count: posts.length, has_more: false });

describe('news (spec §4 Other, §9)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember({ role: 'admin' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the latest post, and again only once 5 minutes have passed', async () => {
    const api = fakeApi({ 'GET /v1/news': [newsPage(post(1)), newsPage(post(2))] });
    await loadLatestNews({ now: 0 });
    expect(newsStore.latest?.id).toBe(1);
    expect(String(api.fetch.mock.calls[0]![0])).toMatch(/limit=1.*sort=created.*order=desc/);
    await loadLatestNews({ now: 5 * 60_000 - 1 });
    expect(api.callsTo('GET /v1/news')).toHaveLength(1);
    await loadLatestNews({ now: 5 * 60_000 });
    expect(newsStore.latest?.id).toBe(2);
  });

  it('creating a post, or changing its status or visibility, refreshes the latest news; other edits do not', async () => {
    const api = fakeApi({
      'GET /v1/news': newsPage(post(1)),
      'GET /v1/manage/news': newsPage(post(1)),
      'POST /v1/manage/news': ok({ news: post(1) }, { msg: { title: 'News', description: 'News post created' } }),
      'PUT /v1/manage/news/1': ok({ news: post(1) }),
    });
    const fields = { title: 'T', content: 'C', status: 'published', visibility: 'public' } as const;
    await loadLatestNews({ now: Date.now() });
    expect(await saveNews(fields)).toEqual({ ok: true });
    expect(api.callsTo('GET /v1/news')).toHaveLength(2);
    await saveNews({ ...fields, title: 'renamed' }, { id: 1, status: 'published', visibility: 'public' });
    expect(api.callsTo('GET /v1/news')).toHaveLength(2);
    await saveNews({ ...fields, visibility: 'private' }, { id: 1, status: 'published', visibility: 'public' });
    expect(api.callsTo('GET /v1/news')).toHaveLength(3);
    await saveNews({ ...fields, status: 'draft' }, { id: 1, status: 'published', visibility: 'public' });
    expect(api.callsTo('GET /v1/news')).toHaveLength(4);
  });

  it('a refused save gives the server\'s field messages; a refused delete says so', async () => {
    fakeApi({
      'POST /v1/manage/news': failure(400, { title: 'News', description: 'Title is required' }, { errors: { title: 'Title is required' } }),
      'DELETE /v1/manage/news/3': failure(500, { title: 'Internal Server Error' }),
    });
    expect(await saveNews({ title: ' ', content: 'C', status: 'draft', visibility: 'public' })).toEqual({ ok: false, fields: { title: 'Title is required' }, message: 'Title is required' });
    expect(await removeNews(3)).toBe('Failed to delete news post');
  });
});
