import { NavLink } from 'react-router';
import { useMe } from '../../../lib/session/store';
import '../explore.css';

const PAGES = [
  ['/explore/tracks', 'tracks'],
  ['/explore/users', 'users'],
  ['/explore/albums', 'albums'],
  ['/explore/collections', 'collections'],
  ['/explore/tags', 'tags'],
] as const;

/** The explore pages, one line linking each to the others (members: a visitor sees only tags). */
export function ExploreNav() {
  const me = useMe();
  if (!me) return null;
  return (
    <nav className="explore-nav" aria-label="explore">
      <ul>
        {PAGES.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} className="explore-nav__link">
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
