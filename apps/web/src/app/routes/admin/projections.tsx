import type { ProjectionStatusView } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getProjections } from '../../../features/admin/api/get-projections';
import { ProjectionDashboard } from '../../../features/admin/components/projection-dashboard';
import { showProjections, startPolling } from '../../../features/admin/store';
import { adminHandle, adminLoader, isNotAdmin } from './admin-loader';

export const handle = adminHandle('projections', () => 'projections --status');
export const loader = adminLoader(({ request }) => getProjections(request.signal));

/** /admin/projections: live while open. */
export function Component() {
  const data = useLoaderData() as { projections: ProjectionStatusView[] } | null;
  const shown = data && !isNotAdmin(data) ? data : null;
  useEffect(() => {
    if (!shown) return undefined;
    showProjections(shown.projections);
    return startPolling();
  }, [shown]);
  if (!shown) return null;
  return (
    <TerminalWindow path="~/admin/projections" title="projections">
      <ProjectionDashboard />
    </TerminalWindow>
  );
}
