import { useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { isoFromLocal, jumpTo, localFromIso, typeList, type EventFilters } from '../event-filters';

/**
 * The inspector's filters. Submitting puts them in the address (the route reloads from there),
 * so a filtered view can be shared; a position to jump to becomes the page's keyset.
 */
export function EventFilterForm({ filters, onApply }: { filters: EventFilters; onApply: (filters: EventFilters) => void }) {
  const [stream, setStream] = useState(filters.stream ?? '');
  const [types, setTypes] = useState(filters.type ?? '');
  const [actor, setActor] = useState(filters.actor ?? '');
  const [correlation, setCorrelation] = useState(filters.correlation_id ?? '');
  const [from, setFrom] = useState(localFromIso(filters.from));
  const [to, setTo] = useState(localFromIso(filters.to));
  const [position, setPosition] = useState('');
  const positionError = position && !/^[1-9]\d*$/.test(position.trim()) ? 'position must be a whole number from 1' : undefined;

  const apply = () => {
    if (positionError) return;
    const next: EventFilters = {
      stream: stream.trim() || undefined,
      type: typeList(types) || undefined,
      actor: actor.trim() || undefined,
      correlation_id: correlation.trim() || undefined,
      from: isoFromLocal(from),
      to: isoFromLocal(to),
    };
    onApply(position.trim() ? jumpTo(next, Number(position.trim())) : next);
  };

  return (
    <form className="form admin-filters" role="search" aria-label="event filters" noValidate onSubmit={(event) => { event.preventDefault(); apply(); }}>
      <TextField label="stream" value={stream} onValue={setStream} placeholder="track-42, or a category: track-" autoComplete="off" />
      <TextField label="types" value={types} onValue={setTypes} placeholder="TrackUpdated, TrackDeleted" autoComplete="off" />
      <TextField label="actor" value={actor} onValue={setActor} placeholder="username or id" autoComplete="off" />
      <TextField label="correlation id" value={correlation} onValue={setCorrelation} autoComplete="off" />
      <TextField label="from" type="datetime-local" value={from} onValue={setFrom} />
      <TextField label="to" type="datetime-local" value={to} onValue={setTo} />
      <TextField label="jump to position" value={position} onValue={setPosition} inputMode="numeric" error={positionError} autoComplete="off" />
      <div className="actions">
        <button type="submit" className="btn btn--primary">
          filter
        </button>
        <button type="button" className="btn" onClick={() => onApply({})}>
          clear
        </button>
      </div>
    </form>
  );
}
