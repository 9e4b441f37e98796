import type { InspectedEventDetail } from '@stardeck/contracts/browser';
import { useLoaderData } from 'react-router';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getEvent } from '../../../features/admin/api/get-event';
import { EventDetail } from '../../../features/admin/components/event-detail';
import { adminHandle, adminLoader, isNotAdmin } from './admin-loader';

export const handle = adminHandle('event', (p) => `event --show ${p.position}`);
export const loader = adminLoader(({ params, request }) => getEvent(params.position!, request.signal));

/** /admin/events/{position}. */
export function Component() {
  const detail = useLoaderData() as InspectedEventDetail | null;
  if (!detail || isNotAdmin(detail)) return null;
  return (
    <TerminalWindow path={`~/admin/events/${detail.event.global_position}`} title={`event #${detail.event.global_position}`}>
      <EventDetail key={detail.event.global_position} detail={detail} />
    </TerminalWindow>
  );
}
