import type { InspectedEventDetail } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { PromptLine } from '../../../components/ui/prompt-line';
import { eventFilterSearch } from '../event-filters';
import { formatTime } from '../event-time';
import { actorLabel } from '../event-summary';
import { EventTable } from './event-table';
import { JsonView } from './json-view';

/** One event: its facts, its payload and metadata, its cause, what it caused and its correlation chain. */
export function EventDetail({ detail }: { detail: InspectedEventDetail }) {
  const { event, cause, caused, chain, chain_truncated } = detail;
  const correlation = event.metadata.correlation_id;
  const requestId = event.metadata.request_id;
  return (
    <>
      <PromptLine command={`event --show ${event.global_position}`} />
      <dl className="admin-facts">
        <dt>type</dt>
        <dd className="admin-table__type">{event.type}</dd>
        <dt>stream</dt>
        <dd>
          <Link to={`/admin/streams/${encodeURIComponent(event.stream_id)}?as_of=${event.stream_version}`}>
            {event.stream_id}@{event.stream_version}
          </Link>{' '}
          (<Link to={`/admin/streams/${encodeURIComponent(event.stream_id)}`}>stream history</Link>)
        </dd>
        <dt>time</dt>
        <dd>
          <time dateTime={event.recorded_at}>{formatTime(event.recorded_at)}</time>
        </dd>
        <dt>actor</dt>
        <dd>
          {actorLabel(event)}
          {event.actor_username && <span className="output--muted"> ({String(event.metadata.actor)})</span>}
        </dd>
        <dt>event id</dt>
        <dd>
          <code>{event.event_id}</code> (schema v{event.schema_version})
        </dd>
      </dl>
      <h2 className="admin-heading">data</h2>
      <JsonView value={event.data} label="event data" />
      <h2 className="admin-heading">metadata</h2>
      <JsonView value={event.metadata} label="event metadata" />

      <h2 className="admin-heading">cause</h2>
      {cause ? (
        <EventTable events={[cause]} label="cause" />
      ) : (
        <p className="output">
          {requestId ? (
            <>
              request <code>{requestId}</code>
            </>
          ) : (
            'no recorded cause'
          )}
          {' '}by {actorLabel(event)}
        </p>
      )}
      <h2 className="admin-heading">caused ({caused.length})</h2>
      {caused.length > 0 ? <EventTable events={caused} label="caused events" /> : <p className="output output--muted">no event names this one as its cause.</p>}
      <h2 className="admin-heading">
        correlation chain ({chain.length}
        {chain_truncated ? '+' : ''})
      </h2>
      {correlation && (
        <p className="output output--muted">
          <Link to={`/admin/events${eventFilterSearch({ correlation_id: correlation })}`}>all events of correlation {correlation}</Link>
        </p>
      )}
      <EventTable events={chain} label="correlation chain" current={event.global_position} />
    </>
  );
}
