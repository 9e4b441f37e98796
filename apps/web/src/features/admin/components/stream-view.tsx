import type { StateChange, StreamReplay } from '@stardeck/contracts/browser';
import { useId, useState } from 'react';
import { PromptLine } from '../../../components/ui/prompt-line';
import { EventTable } from './event-table';
import { JsonView } from './json-view';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/**
 * A stream's history and its aggregate as of any version, folded by the domain's own evolve, with
 * what changed from another version. Choosing versions changes the address, so a view is shareable.
 */
export function StreamView({ replay, onVersions }: { replay: StreamReplay; onVersions: (versions: { as_of: number; compare?: number }) => void }) {
  const asOfId = useId();
  const compareId = useId();
  const [asOf, setAsOf] = useState(String(replay.as_of));
  const [compare, setCompare] = useState(replay.compare ? String(replay.compare.version) : '');
  const versions = Array.from({ length: replay.version + 1 }, (_, v) => v);
  return (
    <>
      <PromptLine command={`replay ${replay.stream_id} --as-of ${replay.as_of}${replay.compare ? ` --diff ${replay.compare.version}` : ''}`} />
      <p className="output">
        {replay.events.length} events, version {replay.version}; {replay.model ? <>folded by <code>{replay.model}</code></> : 'no write model folds this stream'}
      </p>
      <EventTable events={replay.events} label="stream events" current={replay.events[replay.as_of - 1]?.global_position} />
      {replay.model && (
        <>
          <form className="admin-versions" aria-label="versions" onSubmit={(event) => {
            event.preventDefault();
            onVersions({ as_of: Number(asOf), compare: compare === '' ? undefined : Number(compare) });
          }}>
            <p className="field__label">
              <label htmlFor={asOfId}>as of version</label>
            </p>
            <select id={asOfId} value={asOf} onChange={(e) => setAsOf(e.target.value)}>
              {versions.map((v) => <option key={v} value={v}>{v === 0 ? '0 (before the first event)' : `${v}: ${replay.events[v - 1]?.type ?? ''}`}</option>)}
            </select>
            <p className="field__label">
              <label htmlFor={compareId}>diff against version</label>
            </p>
            <select id={compareId} value={compare} onChange={(e) => setCompare(e.target.value)}>
              <option value="">no diff</option>
              {versions.map((v) => <option key={v} value={v}>{v}</option>)}
            </select>
            <button type="submit" className="btn btn--primary btn--small">replay</button>
          </form>
          <h2 className="admin-heading">state as of version {replay.as_of}</h2>
          <JsonView value={replay.state} label={`state as of version ${replay.as_of}`} openDepth={3} />
          {replay.compare && (
            <>
              <h2 className="admin-heading">
                changes from version {replay.compare.version} to {replay.as_of}
              </h2>
              <Changes changes={replay.compare.changes} />
            </>
          )}
        </>
      )}
    </>
  );
}

function Changes({ changes }: { changes: readonly StateChange[] }) {
  if (changes.length === 0) return <p className="output output--muted">no difference.</p>;
  return (
    <ul className="admin-diff" aria-label="changes">
      {changes.map((change) => {
        const path = change.path.join('.') || '(state)';
        return (
          <li key={`${change.type}:${path}`} className={`admin-diff__${change.type.toLowerCase()}`}>
            {change.type === 'CREATE' && <>+ {path}: {show(change.value)}</>}
            {change.type === 'REMOVE' && <>- {path}: {show(change.oldValue)}</>}
            {change.type === 'CHANGE' && <>~ {path}: {show(change.oldValue)} → {show(change.value)}</>}
          </li>
        );
      })}
    </ul>
  );
}
