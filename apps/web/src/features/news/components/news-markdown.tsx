import { renderNews } from '../markdown';

/**
 * A post's text rendered from Markdown (markdown.ts). Loaded on its own when news first shows, so
 * the parser and the sanitiser add nothing to the pages that show none.
 */
export function NewsMarkdown({ text }: { text: string }) {
  return <div className="news-item__content news-item__content--markdown" dangerouslySetInnerHTML={{ __html: renderNews(text) }} />;
}
