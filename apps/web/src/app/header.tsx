import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { openInviteManager } from '../features/invites/store';
import { UnreadMessagesBadge } from '../features/messages/components/unread-messages-badge';
import { openModal } from '../lib/modals/store';
import { useMe } from '../lib/session/store';
import { useSonar } from '../features/sonar/store';
import { UploadButton } from '../features/tracks/components/upload-button';
import { PALETTE_KEYS, togglePalette } from './palette-shortcut';

const MEMBER_NAV = [
  ['/discover', 'discover'],
  ['/stream', 'stream'],
  ['/explore/tracks', 'explore'],
  ['/messages', 'messages'],
  ['/notifications', 'notifications'],
  ['/sonar', 'sonar'],
  ['/news', 'news'],
] as const;

const VISITOR_NAV = [['/explore/tags', 'tags']] as const;

/** The member's own profile opens on the view they chose in settings (config default_profile_view; audio is the tracks page). */
function ownProfilePath(me: { username: string; config: { default_profile_view: string } }): string {
  const view = me.config.default_profile_view;
  return view && view !== 'audio' ? `/${me.username}/${view}` : `/${me.username}`;
}

/** The explore pages are one section: its header entry stays highlighted on each of them. */
const EXPLORE_SECTION = '/explore/';

const MENU_ID = 'topbar-menu';

/**
 * The top bar, drawn like a terminal multiplexer's window list: numbered windows, the current
 * one highlighted. Members see their pages and account; visitors the public screens and login.
 * On a narrow screen it folds into a menu behind a disclosure button (Escape or a new page
 * closes it).
 */
export function Header() {
  const me = useMe();
  const { unread: sonarUnread } = useSonar();
  const nav = me ? MEMBER_NAV : VISITOR_NAV;
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  const inExplore = pathname.startsWith(EXPLORE_SECTION);
  return (
    <header
      className={`topbar ${open ? 'topbar--open' : ''}`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        menuButton.current?.focus();
      }}
    >
      <Link to="/" className="topbar__brand">
        <span aria-hidden="true">★ </span>stardeck
      </Link>
      <button ref={menuButton} type="button" className="topbar__menu-button" aria-expanded={open} aria-controls={MENU_ID} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '[x] ' : '[≡] '}</span>menu
        {me && <MenuBadge count={me.notification_count + (me.unread_message_count ?? 0) + sonarUnread} />}
      </button>
      <div id={MENU_ID} className="topbar__menu">
        <nav className="topbar__nav" aria-label="Main">
          <ul>
            {nav.map(([to, label], index) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) => `topbar__link ${isActive || (to.startsWith(EXPLORE_SECTION) && inExplore) ? 'active' : ''}`}
                >
                  <span className="topbar__index" aria-hidden="true">
                    {index}:
                  </span>
                  {label}
                  {label === 'notifications' && me && me.notification_count > 0 && (
                    <span className="badge">
                      {' '}
                      ({me.notification_count}<span className="visually-hidden"> unread</span>)
                    </span>
                  )}
                  {label === 'messages' && <UnreadMessagesBadge />}
                  {label === 'sonar' && sonarUnread > 0 && (
                    <span className="badge">
                      {' '}
                      ({sonarUnread}<span className="visually-hidden"> unread</span>)
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar__account">
          <button type="button" className="link-button" aria-keyshortcuts={PALETTE_KEYS} onClick={togglePalette}>
            <span aria-hidden="true">^K </span>commands
          </button>
          {me ? (
            <>
              <NavLink to={ownProfilePath(me)} className="topbar__link topbar__me">
                @{me.username}
              </NavLink>
              <button type="button" className="link-button" onClick={() => void openInviteManager()}>
                invites
              </button>
              <NavLink to="/membership" className="topbar__link">
                membership
              </NavLink>
              {me.role === 'admin' && (
                <NavLink to="/admin" className="topbar__link">
                  admin
                </NavLink>
              )}
              <button type="button" className="link-button" onClick={() => openModal('contactSupport')}>
                contact
              </button>
              <Link to="/logout" className="topbar__link">
                logout
              </Link>
            </>
          ) : null}
          <button type="button" className="link-button" onClick={() => openModal('legalDocuments')}>
            legal
          </button>
        </div>
      </div>
      {/* What a narrow screen keeps outside the menu. */}
      <div className="topbar__primary">
        {me ? (
          <UploadButton />
        ) : (
          <button type="button" className="btn btn--primary btn--small" onClick={() => openModal('login')}>
            login
          </button>
        )}
      </div>
    </header>
  );
}

/** While the menu is folded, its button says that something inside waits to be read. */
function MenuBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge topbar__menu-badge">
      {' '}
      ({count}<span className="visually-hidden"> unread</span>)
    </span>
  );
}
