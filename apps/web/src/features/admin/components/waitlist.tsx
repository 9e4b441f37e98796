import { PromptLine } from '../../../components/ui/prompt-line';
import { formatDate } from '../../../utils/format';
import { answerRequest, useAdmin } from '../store';

/** /admin/waitlist: each request with its message and URL (as text); invite mails the person, decline sets it aside. */
export function Waitlist({ total }: { total: number }) {
  const { waitlist, busy } = useAdmin();
  return (
    <>
      <PromptLine command={`waitlist --list (${total})`} />
      {waitlist.length === 0 ? (
        <p className="output output--muted">nobody is waiting.</p>
      ) : (
        <ul className="admin-list">
          {waitlist.map((request) => (
            <li key={request.id} className="admin-list__item" aria-label={`request from ${request.email}`}>
              <p className="output">
                <span className={request.status === 'pending' ? 'tag tag--wait' : request.status === 'invited' ? 'tag tag--ok' : 'output--muted'}>[{request.status}]</span>{' '}
                {request.email} <span className="output--muted">{formatDate(request.created)}</span>
              </p>
              <p className="output">
                url: <span className="admin-list__url">{request.url}</span>
              </p>
              <p className="admin-list__text">{request.message ?? <span className="output--muted">no message</span>}</p>
              {request.status !== 'invited' && (
                <div className="actions">
                  <button type="button" className="btn btn--primary btn--small" disabled={busy !== null} onClick={() => void answerRequest(request.id, 'invite')} aria-label={`invite ${request.email}`}>
                    {busy === request.id ? 'working...' : 'invite'}
                  </button>
                  {request.status === 'pending' && (
                    <button type="button" className="btn btn--small" disabled={busy !== null} onClick={() => void answerRequest(request.id, 'decline')} aria-label={`decline ${request.email}`}>
                      decline
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
