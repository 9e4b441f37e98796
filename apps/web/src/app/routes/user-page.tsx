import { pixelArtworkSvg, displayName } from '@stardeck/contracts/browser';
import { useLocation, useMatches, useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ZoomableImage } from '../../components/ui/zoomable-image';
import { useMe } from '../../lib/session/store';
import { isRouteHandle } from '../titles';

/**
 * A user's pages until their screens are built: the page's command and "coming soon". On one's
 * own pages, `whoami` shows the signed-in member (from the session, nothing invented).
 */
export function Component() {
  const { pathname } = useLocation();
  const { username = '' } = useParams();
  const me = useMe();
  const match = useMatches().findLast((m) => isRouteHandle(m.handle));
  const handle = match && isRouteHandle(match.handle) ? match.handle : null;
  const title = handle?.title(match!.params) ?? pathname;
  const own = me !== null && me.username.toLowerCase() === username.toLowerCase();
  return (
    <TerminalWindow path={`~${pathname}`} title={`${username} · ${title}`}>
      {own && (
        <>
          <PromptLine command="whoami" />
          <div className="whoami">
            <ZoomableImage
              className="whoami__avatar"
              src={`data:image/svg+xml,${encodeURIComponent(pixelArtworkSvg(me.id))}`}
              alt={`${displayName(me)}'s avatar`}
              size={72}
            />
            <dl className="whoami__facts">
              <dt>name</dt>
              <dd>{displayName(me)}</dd>
              <dt>user</dt>
              <dd>@{me.username}</dd>
              <dt>tier</dt>
              <dd>{me.tier.slug}</dd>
              <dt>role</dt>
              <dd>{me.role}</dd>
            </dl>
          </div>
        </>
      )}
      <ComingSoon command={handle?.command?.(match!.params) ?? title} />
    </TerminalWindow>
  );
}
