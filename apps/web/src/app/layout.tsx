import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { Lightbox } from '../components/ui/lightbox';
import { Starfield } from '../components/ui/starfield';
import { Toaster } from '../components/ui/toaster';
import { lightbox } from '../lib/lightbox/store';
import { modals } from '../lib/modals/store';
import { useMe } from '../lib/session/store';
import { DocumentTitle } from './document-title';
import { Header } from './header';
import { ModalHost } from './modal-host';
import { usePaletteShortcut } from './palette-shortcut';
import { UserTransition } from './user-transition';

/** Members only (spec §1): a visitor never downloads the player or wavesurfer.js. */
const FooterPlayer = lazy(() => import('../features/player/components/footer-player').then((m) => ({ default: m.FooterPlayer })));

/**
 * The frame around every route: the starfield behind; the header, the page and the footer player
 * (members only), made inert while a modal or the lightbox is open; and above them the
 * transition, the overlays and the toasts.
 */
export function AppLayout() {
  const { current } = useSnapshot(modals);
  const { image } = useSnapshot(lightbox);
  const me = useMe();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  usePaletteShortcut();

  // After a move to another screen, reading starts at its content (not back at the top bar).
  useEffect(() => {
    if (pathname !== firstPath.current) mainRef.current?.focus({ preventScroll: true });
    firstPath.current = '';
  }, [pathname]);

  return (
    <>
      <Starfield />
      <div className="app" inert={current !== null || image !== null}>
        <a className="skip-link" href="#main">
          skip to content
        </a>
        <Header />
        <main id="main" ref={mainRef} className="page" tabIndex={-1}>
          <Outlet />
        </main>
        {me && (
          <Suspense fallback={null}>
            <FooterPlayer />
          </Suspense>
        )}
      </div>
      <UserTransition />
      <ModalHost />
      <Lightbox />
      <Toaster />
      <DocumentTitle />
      {/* A new page opens at its top; back and forward return to where the reader was. */}
      <ScrollRestoration />
    </>
  );
}
