import type { AdminOverview } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { PromptLine } from '../../../components/ui/prompt-line';
import { useAdmin } from '../store';
import { ProjectionTable } from './projection-table';

const number = (n: number) => n.toLocaleString('en-US');

/** /admin: the log, the relay, the transcoder and the community at a glance, projections live. */
export function Overview({ overview }: { overview: AdminOverview }) {
  const { projections, pollFailed } = useAdmin();
  const e = overview.events;
  return (
    <>
      <PromptLine command="status --all" />
      <dl className="admin-figures">
        <div>
          <dt>events</dt>
          <dd>
            {number(e.total)} <span className="output--muted">(head #{e.head})</span>
          </dd>
        </div>
        <div>
          <dt>event rate</dt>
          <dd>
            {e.per_minute.toFixed(1)}/min <span className="output--muted">({number(e.last_hour)} in the last hour)</span>
          </dd>
        </div>
        <div>
          <dt>relay lag</dt>
          <dd>{overview.relay ? `${number(overview.relay.lag)} events (at #${overview.relay.checkpoint})` : '—'}</dd>
        </div>
        <div>
          <dt>transcode queue</dt>
          <dd>
            {overview.transcode.queued} queued, {overview.transcode.processing} processing
          </dd>
        </div>
        <div>
          <dt>transcode failures (24 h)</dt>
          <dd className={overview.transcode.failed_24h > 0 ? 'output--err' : undefined}>{overview.transcode.failed_24h}</dd>
        </div>
        <div>
          <dt>waitlist</dt>
          <dd>
            <Link to="/admin/waitlist">{overview.waitlist.pending} pending</Link>
          </dd>
        </div>
        <div>
          <dt>contact messages</dt>
          <dd>
            <Link to="/admin/members">{overview.contact.unread} unread</Link>
          </dd>
        </div>
      </dl>
      <PromptLine command="projections --status" />
      {pollFailed && <p className="output output--err" role="alert">could not read the projections: retrying.</p>}
      <ProjectionTable projections={projections} />
    </>
  );
}
