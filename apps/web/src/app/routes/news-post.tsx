import type { NewsPostView } from '@stardeck/contracts/browser';
import { Link, useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { NewsItem } from '../../features/news/components/news-item';

/** /news/{id}: one published post. */
export function Component() {
  const { news } = useLoaderData() as { news: NewsPostView };
  return (
    <TerminalWindow path={`~/news/${news.id}`} title="news">
      <PromptLine command={`news --read ${news.id}`} />
      <p><Link to="/news">&lt; all news</Link></p>
      <NewsItem post={news} full />
    </TerminalWindow>
  );
}
