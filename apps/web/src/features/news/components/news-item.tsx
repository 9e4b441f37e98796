import type { NewsPostView } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { formatDate } from '../../../utils/format';
import '../news.css';

/** A post as lists show it: title (linked), who and when, and its text. */
export function NewsItem({ post, full }: { post: NewsPostView; full?: boolean }) {
  const when = post.published_at ?? post.created;
  return (
    <article className="news-item">
      <h2 className="news-item__title">{full ? post.title : <Link to={`/news/${post.id}`}>{post.title}</Link>}</h2>
      <p className="output--muted">
        by @{post.username} · <time dateTime={when}>{formatDate(when)}</time>
      </p>
      <div className="news-item__content">{full || post.content.length <= 280 ? post.content : `${post.content.slice(0, 280)}...`}</div>
    </article>
  );
}
