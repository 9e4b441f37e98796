import type { RouteObject } from 'react-router';
import { session } from '../lib/session/store';
import type { RouteHandle } from './titles';

const isAdmin = () => session.me?.role === 'admin';

/** Titled like the page for an admin, like the 404 page for anyone else. */
const handle = (title: string, command: (params: Record<string, string | undefined>) => string): RouteHandle => ({
  title: () => (isAdmin() ? title : 'not found'),
  command: (params) => (isAdmin() ? command(params) : 'cd'),
});

/**
 * The admin console. Each page's module brings its own loader (routes/admin/admin-loader.ts: a
 * visitor is sent to /, a member sees the 404 screen), so none of the console, not even its
 * loaders, is in anyone's first download.
 */
export const adminRoutes: RouteObject = {
  id: 'admin',
  path: 'admin',
  lazy: () => import('./routes/admin/layout'),
  children: [
    { index: true, handle: handle('admin', () => 'status --all'), lazy: () => import('./routes/admin/overview') },
    { path: 'events', handle: handle('events', () => 'events --list'), lazy: () => import('./routes/admin/events') },
    { path: 'events/:position', handle: handle('event', (p) => `event --show ${p.position}`), lazy: () => import('./routes/admin/event') },
    { path: 'streams/:stream', handle: handle('stream', (p) => `replay ${p.stream}`), lazy: () => import('./routes/admin/stream') },
    { path: 'projections', handle: handle('projections', () => 'projections --status'), lazy: () => import('./routes/admin/projections') },
    { path: 'waitlist', handle: handle('waitlist', () => 'waitlist --list'), lazy: () => import('./routes/admin/waitlist') },
    { path: 'members', handle: handle('members admin', () => 'members --admin'), lazy: () => import('./routes/admin/members') },
    { path: 'mail', handle: handle('mail', () => 'mail --list'), lazy: () => import('./routes/admin/mail') },
    { path: 'news', handle: handle('news admin', () => 'news --admin'), lazy: () => import('./routes/admin/news') },
    { path: '*', handle: { title: () => 'not found', command: () => 'cd' }, lazy: () => import('./routes/admin/missing') },
  ],
};
