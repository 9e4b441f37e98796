import { PROJECTIONS_POLL_MS, type ProjectionStatusView } from '@stardeck/contracts/browser';
import { useCallback } from 'react';
import { PromptLine } from '../../../components/ui/prompt-line';
import { askRebuild, confirmRebuild, useAdmin } from '../store';
import { ProjectionTable } from './projection-table';
import { RebuildProgress } from './rebuild-progress';

/** /admin/projections: every projection live (polled each second), rebuilds with confirmation and progress. */
export function ProjectionDashboard() {
  const { projections, confirming, rebuilds } = useAdmin();
  // The names being rebuilt, not the progress, decide the buttons: a progress tick need not redraw the table.
  const busy = Object.entries(rebuilds).filter(([, r]) => !r.finished).map(([name]) => name).join(',');
  const actions = useCallback((p: ProjectionStatusView) => (
    <button
      type="button"
      className="btn btn--small"
      aria-label={`rebuild ${p.name}`}
      disabled={p.status === 'rebuilding' || p.status === 'rebuild_requested' || busy.split(',').includes(p.name)}
      onClick={() => askRebuild(p.name)}
    >
      rebuild
    </button>
  ), [busy]);
  return (
    <>
      <PromptLine command={`watch -n ${PROJECTIONS_POLL_MS / 1000} projections --status`} />
      <PollLine />
      {confirming && (
        <div className="admin-confirm" role="alertdialog" aria-labelledby="rebuild-confirm-title" aria-describedby="rebuild-confirm-text">
          <p id="rebuild-confirm-title" className="output">
            rebuild {confirming}?
          </p>
          <p id="rebuild-confirm-text" className="output output--muted">
            the read model is built again from the whole event log; the progress shows below.
          </p>
          <div className="actions">
            <button type="button" className="btn btn--danger" onClick={() => void confirmRebuild()}>
              confirm rebuild
            </button>
            <button type="button" className="btn" onClick={() => askRebuild(null)} autoFocus>
              cancel
            </button>
          </div>
        </div>
      )}
      {Object.entries(rebuilds).map(([name, rebuild]) => (
        <RebuildProgress key={name} name={name} rebuild={rebuild} />
      ))}
      <ProjectionTable projections={projections} actions={actions} />
    </>
  );
}

/** When the last answer came: a line of its own, so the clock ticking redraws nothing else. */
function PollLine() {
  const { polledAt, pollFailed } = useAdmin();
  return (
    <p className="output output--muted">
      {pollFailed ? <span className="output--err">could not read the projections: retrying.</span> : polledAt ? `updated ${new Date(polledAt).toLocaleTimeString('en-US')}` : 'loading…'}
    </p>
  );
}
