import type { InspectedEventPage } from '@stardeck/contracts/browser';
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { PromptLine } from '../../../components/ui/prompt-line';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getEvents } from '../../../features/admin/api/get-events';
import { EventFilterForm } from '../../../features/admin/components/event-filter-form';
import { EventTable } from '../../../features/admin/components/event-table';
import { eventFilterSearch, readEventFilters } from '../../../features/admin/event-filters';
import { adminHandle, adminLoader, isNotAdmin } from './admin-loader';

export const handle = adminHandle('events', () => 'events --list');
export const loader = adminLoader(({ request }) => getEvents(readEventFilters(new URL(request.url).searchParams), request.signal));

/** /admin/events: the log newest first, filtered by what the address says; older pages by keyset. */
export function Component() {
  const page = useLoaderData() as InspectedEventPage | null;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  if (!page || isNotAdmin(page)) return null;
  const filters = readEventFilters(params);
  const { before: _before, ...rest } = filters;
  return (
    <TerminalWindow path="~/admin/events" title="events">
      <EventFilterForm key={params.toString()} filters={filters} onApply={(next) => navigate(`/admin/events${eventFilterSearch(next)}`)} />
      <PromptLine command={`events --list${filters.before ? ` --before ${filters.before}` : ''}`} />
      <EventTable events={page.events} label="events, newest first" />
      <nav className="admin-pager" aria-label="event pages">
        {filters.before && <Link to={`/admin/events${eventFilterSearch(rest)}`}>newest</Link>}
        {page.next_before && <Link to={`/admin/events${eventFilterSearch({ ...rest, before: page.next_before })}`}>older events</Link>}
      </nav>
    </TerminalWindow>
  );
}
