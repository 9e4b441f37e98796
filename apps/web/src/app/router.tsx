import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppLayout } from './layout';

/** Routes load lazily, each from a module exporting `Component` (spec §2 route table). */
const router = createBrowserRouter([
  {
    Component: AppLayout,
    // Shown while the first lazy route loads.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
