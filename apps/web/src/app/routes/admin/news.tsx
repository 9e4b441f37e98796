import type { NewsPage } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { PromptLine } from '../../../components/ui/prompt-line';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getManagedNews } from '../../../features/news/api/news';
import { AdminNews } from '../../../features/news/components/admin-news';
import { showManaged } from '../../../features/news/store';
import { adminHandle, adminLoader, isNotAdmin } from './admin-loader';

export const handle = adminHandle('news admin', () => 'news --admin');
export const loader = adminLoader(({ request }) => getManagedNews(0, request.signal));

/** /admin/news: the admins' news screen. */
export function Component() {
  const page = useLoaderData() as NewsPage | null;
  const shown = page && !isNotAdmin(page) ? page : null;
  useEffect(() => {
    if (shown) showManaged(shown);
  }, [shown]);
  if (!shown) return null;
  return (
    <TerminalWindow path="~/admin/news" title="news admin">
      <PromptLine command="news --admin" />
      <AdminNews />
    </TerminalWindow>
  );
}
