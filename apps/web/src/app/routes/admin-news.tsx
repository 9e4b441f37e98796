import type { NewsPage } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { AdminNews } from '../../features/news/components/admin-news';
import { showManaged } from '../../features/news/store';
import { useMe } from '../../lib/session/store';

/** /admin/news: the admins' news screen. Others are told it is not theirs (the server refuses them too). */
export function Component() {
  const page = useLoaderData() as NewsPage | null;
  const me = useMe();
  useEffect(() => {
    if (page) showManaged(page);
  }, [page]);
  const admin = me?.role === 'admin';
  return (
    <TerminalWindow path="~/admin/news" title="news admin">
      <PromptLine command="news --admin" />
      {admin && page ? <AdminNews /> : <p className="output output--err">news management needs the admin role.</p>}
    </TerminalWindow>
  );
}
