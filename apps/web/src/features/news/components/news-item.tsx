import type { NewsPostView } from '@stardeck/contracts/browser';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { formatLongDate } from '../../../utils/format';
import '../news.css';

const NewsMarkdown = lazy(() => import('./news-markdown').then((m) => ({ default: m.NewsMarkdown })));

/**
 * A post as lists show it: title (linked), who and when, and its text in Markdown. A list shows
 * the first 280 characters; until the renderer has loaded, the text shows as typed.
 */
export function NewsItem({ post, full }: { post: NewsPostView; full?: boolean }) {
  const when = post.published_at ?? post.created;
  const text = full || post.content.length <= 280 ? post.content : `${post.content.slice(0, 280)}...`;
  return (
    <article className="news-item">
      <h2 className="news-item__title">{full ? post.title : <Link to={`/news/${post.id}`}>{post.title}</Link>}</h2>
      <p className="output--muted">
        by @{post.username} · <time dateTime={when}>{formatLongDate(when)}</time>
      </p>
      <Suspense fallback={<div className="news-item__content">{text}</div>}>
        <NewsMarkdown text={text} />
      </Suspense>
    </article>
  );
}
