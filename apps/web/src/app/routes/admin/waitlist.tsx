import type { AccessRequestAdminView } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getAccessRequests } from '../../../features/admin/api/get-access-requests';
import { Waitlist } from '../../../features/admin/components/waitlist';
import { showWaitlist } from '../../../features/admin/store';
import { adminHandle, adminLoader, isNotAdmin } from './admin-loader';

export const handle = adminHandle('waitlist', () => 'waitlist --list');
export const loader = adminLoader(({ request }) => getAccessRequests(0, request.signal));

/** /admin/waitlist. */
export function Component() {
  const data = useLoaderData() as { access_requests: AccessRequestAdminView[]; total: number } | null;
  const shown = data && !isNotAdmin(data) ? data : null;
  useEffect(() => {
    if (shown) showWaitlist(shown.access_requests);
  }, [shown]);
  if (!shown) return null;
  return (
    <TerminalWindow path="~/admin/waitlist" title="waitlist">
      <Waitlist total={shown.total} />
    </TerminalWindow>
  );
}
