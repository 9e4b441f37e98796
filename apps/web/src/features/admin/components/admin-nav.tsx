import { NavLink } from 'react-router';

const PAGES = [
  ['/admin', 'overview'],
  ['/admin/events', 'events'],
  ['/admin/projections', 'projections'],
  ['/admin/waitlist', 'waitlist'],
  ['/admin/members', 'members'],
  ['/admin/news', 'news'],
] as const;

/** The console's own menu, under the header's one admin link; the mailbox only when mail stays here. */
export function AdminNav({ showMail }: { showMail: boolean }) {
  const pages = showMail ? [...PAGES, ['/admin/mail', 'mail'] as const] : PAGES;
  return (
    <nav className="admin-nav" aria-label="Admin">
      <ul>
        {pages.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} end={to === '/admin'} className="admin-nav__link">
              <span className="admin-nav__slash" aria-hidden="true">/</span>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
