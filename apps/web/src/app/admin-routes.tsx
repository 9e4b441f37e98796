import type { RouteObject } from 'react-router';

/**
 * The admin console. Each page's module brings its loader and its handle (routes/admin/
 * admin-loader.ts: a visitor is sent to /, a member sees the 404 screen), so nothing of the
 * console but these paths is in anyone's first download.
 */
export const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: () => import('./routes/admin/layout'),
  children: [
    { index: true, lazy: () => import('./routes/admin/overview') },
    { path: 'events', lazy: () => import('./routes/admin/events') },
    { path: 'events/:position', lazy: () => import('./routes/admin/event') },
    { path: 'streams/:stream', lazy: () => import('./routes/admin/stream') },
    { path: 'projections', lazy: () => import('./routes/admin/projections') },
    { path: 'waitlist', lazy: () => import('./routes/admin/waitlist') },
    { path: 'members', lazy: () => import('./routes/admin/members') },
    { path: 'mail', lazy: () => import('./routes/admin/mail') },
    { path: 'news', lazy: () => import('./routes/admin/news') },
    { path: '*', lazy: () => import('./routes/admin/missing') },
  ],
};
