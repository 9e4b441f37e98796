import { Outlet, useLoaderData } from 'react-router';
import type { AdminOverview } from '@stardeck/contracts/browser';
import { getOverview } from '../../../features/admin/api/get-overview';
import { AdminNav } from '../../../features/admin/components/admin-nav';
import '../../../features/admin/admin.css';
import { Component as NotFound } from '../not-found';
import { adminLoader, isNotAdmin } from './admin-loader';

/** The menu needs the mailer once; moving between admin pages does not ask again. */
export const loader = adminLoader(({ request }) => getOverview(request.signal));
export const shouldRevalidate = () => false;

/** Every admin page: the console's menu above it. Anyone but an admin sees the 404 screen instead. */
export function Component() {
  const data = useLoaderData() as AdminOverview | typeof import('./admin-loader').NOT_ADMIN | null;
  if (isNotAdmin(data)) return <NotFound />;
  return (
    <div className="admin">
      <AdminNav showMail={data?.mailer !== 'smtp'} />
      <Outlet />
    </div>
  );
}
