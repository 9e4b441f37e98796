import { useEffect } from 'react';
import { Link } from 'react-router';
import { loadLatestNews, useNews } from '../store';

/** One line with the newest post, loaded after login (spec §4) and again when shown once stale. */
export function LatestNews() {
  const { latest } = useNews();
  useEffect(() => {
    void loadLatestNews();
  }, []);
  if (!latest) return null;
  return (
    <p className="output" aria-label="latest news">
      news: <Link to={`/news/${latest.id}`}>{latest.title}</Link>
    </p>
  );
}
