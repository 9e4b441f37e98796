import type { AdminOverview } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getOverview } from '../../../features/admin/api/get-overview';
import { Overview } from '../../../features/admin/components/overview';
import { pollProjections, startPolling } from '../../../features/admin/store';
import { adminHandle, adminLoader, isNotAdmin } from './admin-loader';

export const handle = adminHandle('admin', () => 'status --all');
export const loader = adminLoader(({ request }) => getOverview(request.signal));

/** /admin: the overview, its projection lag live. */
export function Component() {
  const data = useLoaderData() as AdminOverview | null;
  const shown = data && !isNotAdmin(data);
  useEffect(() => {
    if (!shown) return undefined;
    void pollProjections();
    return startPolling();
  }, [shown]);
  if (!shown) return null;
  return (
    <TerminalWindow path="~/admin" title="admin">
      <Overview overview={data} />
    </TerminalWindow>
  );
}
