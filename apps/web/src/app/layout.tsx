import { Outlet } from 'react-router';
import { Starfield } from '../components/ui/starfield';

/** The frame around every route: the starfield behind, the page in front. */
export function AppLayout() {
  return (
    <>
      <Starfield />
      <Outlet />
    </>
  );
}
