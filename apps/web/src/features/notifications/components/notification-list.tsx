import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { useMe } from '../../../lib/session/store';
import { formatDate } from '../../../utils/format';
import { dismiss, dismissAll, loadMoreNotifications, notificationsStore, type NotificationItem } from '../store';
import { notificationText } from '../text';
import '../notifications.css';

/**
 * The member's notifications, newest first, updated live. Each sentence is built from parts and
 * rendered as text; a dismissed one is dimmed (read) until the server confirms, then removed.
 */
export function NotificationList() {
  const state = useSnapshot(notificationsStore);
  const me = useMe();

  // The route preloads the server's list on every visit; live pushes keep it current while it is open.
  if (!state.loaded) return <p className="output output--muted">{state.loading ? 'loading...' : ''}</p>;
  return (
    <>
      <div className="actions">
        <p className="output output--muted" aria-live="polite">
          {me?.notification_count ?? state.total} unread
        </p>
        {state.items.length > 0 && (
          <button type="button" className="btn btn--small" disabled={state.busy} onClick={() => void dismissAll()}>
            dismiss all
          </button>
        )}
      </div>
      {state.items.length === 0 ? (
        <p className="output output--muted">no notifications. comments, saves, follows and new subscribers show up here.</p>
      ) : (
        <ul className="notifications" aria-label="notifications" aria-live="polite">
          {state.items.map((n) => (
            <Notification key={n.id} n={n as NotificationItem} owner={me?.username ?? ''} busy={state.busy} />
          ))}
        </ul>
      )}
      {state.hasMore && (
        <div className="actions">
          <button type="button" className="btn" disabled={state.loading} onClick={() => void loadMoreNotifications()}>
            {state.loading ? 'loading...' : 'more'}
          </button>
        </div>
      )}
    </>
  );
}

function Notification({ n, owner, busy }: { n: NotificationItem; owner: string; busy: boolean }) {
  const parts = notificationText(n, owner);
  const sentence = parts.map((p) => p.text).join('');
  return (
    <li className={`notification${n.read ? ' notification--read' : ''}`}>
      <span className="notification__marker" aria-hidden="true">
        {n.read ? '·' : '●'}
      </span>
      <p className="notification__text">
        {parts.map((part, index) =>
          part.to ? (
            <Link key={index} to={part.to}>
              {part.text}
            </Link>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      <time className="notification__time output--muted" dateTime={n.created}>
        {formatDate(n.created)}
      </time>
      <button type="button" className="btn btn--small" disabled={busy || n.read} onClick={() => void dismiss(n.id)} aria-label={`dismiss: ${sentence}`}>
        {n.read ? 'dismissing...' : 'dismiss'}
      </button>
    </li>
  );
}
