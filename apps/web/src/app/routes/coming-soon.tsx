import { useLocation, useMatches } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { isRouteHandle } from '../titles';

/** A route whose screen is not built yet: its title and command, and a plain "coming soon". */
export function Component() {
  const { pathname } = useLocation();
  const match = useMatches().findLast((m) => isRouteHandle(m.handle));
  const handle = match && isRouteHandle(match.handle) ? match.handle : null;
  const title = handle?.title(match!.params) ?? pathname;
  return (
    <TerminalWindow path={`~${pathname}`} title={title}>
      <ComingSoon command={handle?.command?.(match!.params) ?? title} />
    </TerminalWindow>
  );
}
