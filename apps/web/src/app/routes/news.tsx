import type { NewsPage } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { getNews } from '../../features/news/api/news';
import { NewsItem } from '../../features/news/components/news-item';
import { toastFailure } from '../../lib/toasts/from-result';

/** /news: published posts, newest first, 20 a page (spec §9). */
export function Component() {
  const preloaded = useLoaderData() as NewsPage;
  const [more, setMore] = useState<{ key: NewsPage; pages: NewsPage[] }>({ key: preloaded, pages: [] });
  const pages = more.key === preloaded ? more.pages : [];
  const posts = [...preloaded.news, ...pages.flatMap((p) => p.news)];
  const hasMore = (pages.at(-1) ?? preloaded).has_more;
  const [loading, setLoading] = useState(false);
  const loadMore = async () => {
    setLoading(true);
    const result = await getNews({ offset: posts.length });
    setLoading(false);
    if (!result.ok) return toastFailure(result.failure);
    setMore({ key: preloaded, pages: [...pages, result.envelope.data!] });
  };
  return (
    <TerminalWindow path="~/news" title="news">
      <PromptLine command="news --list" />
      {posts.length === 0 ? <p className="output output--muted">no news yet.</p> : posts.map((post) => <NewsItem key={post.id} post={post} />)}
      {hasMore && (
        <div className="actions">
          <button type="button" className="btn" disabled={loading} onClick={() => void loadMore()}>{loading ? 'loading...' : 'more'}</button>
        </div>
      )}
    </TerminalWindow>
  );
}
