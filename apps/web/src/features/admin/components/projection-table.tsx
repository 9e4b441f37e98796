import type { ProjectionStatusView } from '@stardeck/contracts/browser';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MISSING, duration, kindLabel, worstProjection } from '../projection-view';

/**
 * Every projection and outbox with checkpoint, head and lag; the one furthest behind is marked.
 * With `actions`, each row also offers its rebuild.
 */
export const ProjectionTable = memo(function ProjectionTable({ projections, actions }: { projections: readonly ProjectionStatusView[]; actions?: (p: ProjectionStatusView) => ReactNode }) {
  const worst = worstProjection(projections);
  if (projections.length === 0) return <p className="output output--muted">no projections reported yet.</p>;
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={'projections'}>
      <table className="admin-table">
        <caption className="visually-hidden">projections</caption>
        <thead>
          <tr>
            <th scope="col">name</th>
            <th scope="col">kind</th>
            <th scope="col">state</th>
            <th scope="col">checkpoint</th>
            <th scope="col">head</th>
            <th scope="col">lag</th>
            <th scope="col">lag (s)</th>
            <th scope="col">owner</th>
            <th scope="col">last error</th>
            {actions && <th scope="col"><span className="visually-hidden">actions</span></th>}
          </tr>
        </thead>
        <tbody>
          {projections.map((p) => (
            <tr key={p.name} className={p === worst ? 'admin-table__worst' : undefined} aria-label={p.name}>
              <th scope="row">
                {p.name}
                {p === worst && <span className="tag tag--wait"> [worst]</span>}
              </th>
              <td>{kindLabel(p)}</td>
              <td>
                <span className={`state state--${p.status}`}>{p.status}</span>
              </td>
              <td>{p.checkpoint}</td>
              <td>{p.head}</td>
              <td data-testid="lag">{p.lag}</td>
              <td>{p.lag_seconds === undefined ? MISSING : duration(p.lag_seconds)}</td>
              <td>{p.owner ?? MISSING}</td>
              <td>
                {p.last_error ? (
                  <span className="output--err">
                    {p.last_error.message}
                    {p.last_error.position !== null && (
                      <>
                        {' '}(<Link to={`/admin/events/${p.last_error.position}`}>event #{p.last_error.position}</Link>)
                      </>
                    )}
                  </span>
                ) : (
                  MISSING
                )}
              </td>
              {actions && <td>{actions(p)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
