import type { InspectedEvent } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { formatTime } from '../event-time';
import { actorLabel, eventSummary } from '../event-summary';

/** Rows of the log: position, time, type, stream and version, actor, a one-line summary. */
export function EventTable({ events, label, current }: { events: readonly InspectedEvent[]; label: string; current?: number }) {
  if (events.length === 0) return <p className="output output--muted">no events match.</p>;
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="admin-table admin-table--events">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">time</th>
            <th scope="col">type</th>
            <th scope="col">stream@version</th>
            <th scope="col">actor</th>
            <th scope="col">summary</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.global_position} aria-current={event.global_position === current ? 'true' : undefined}>
              <td>
                <Link to={`/admin/events/${event.global_position}`} aria-label={`event ${event.global_position}: ${event.type}`}>
                  {event.global_position}
                </Link>
              </td>
              <td>
                <time dateTime={event.recorded_at}>{formatTime(event.recorded_at)}</time>
              </td>
              <td className="admin-table__type">{event.type}</td>
              <td>
                <Link to={`/admin/streams/${encodeURIComponent(event.stream_id)}?as_of=${event.stream_version}`}>
                  {event.stream_id}@{event.stream_version}
                </Link>
              </td>
              <td>{actorLabel(event)}</td>
              <td className="admin-table__summary">{eventSummary(event)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
