import { useId } from 'react';
import { rebuildFigures } from '../projection-view';
import { cancelRebuild, dismissRebuild, type WatchedRebuild } from '../store';

/** A rebuild started here: events done of total, rate and ETA, live, until it ends (then 100%). */
export function RebuildProgress({ name, rebuild }: { name: string; rebuild: Readonly<WatchedRebuild> }) {
  const id = useId();
  const { percent, rate, eta } = rebuildFigures(rebuild.finished ? { ...rebuild, done: Math.max(rebuild.done, rebuild.total, 1), total: Math.max(rebuild.total, 1) } : rebuild);
  return (
    <section className="rebuild" aria-label={`rebuild of ${name}`}>
      <p className="output">
        <label htmlFor={id}>rebuild {name}</label>{' '}
        <span role="status">
          {rebuild.finished ? 'done' : 'running'}: {percent}% ({rebuild.done.toLocaleString('en-US')} of {rebuild.total.toLocaleString('en-US')} events)
        </span>
      </p>
      <progress id={id} value={percent} max={100} />
      <p className="output output--muted">
        rate {rate} · eta {rebuild.finished ? '0 s' : eta}
      </p>
      <div className="actions">
        {rebuild.finished ? (
          <button type="button" className="btn btn--small" onClick={() => dismissRebuild(name)}>
            dismiss
          </button>
        ) : (
          <button type="button" className="btn btn--small btn--danger" onClick={() => void cancelRebuild(name)}>
            cancel rebuild
          </button>
        )}
      </div>
    </section>
  );
}
