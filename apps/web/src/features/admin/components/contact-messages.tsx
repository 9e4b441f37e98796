import { formatDate } from '../../../utils/format';
import type { ContactMessage } from '../api/get-contact-messages';
import { markRead, useAdmin } from '../store';

/**
 * Members' contact messages, unread ones marked; what they wrote is shown as text. The name and
 * address are what the sender typed, so the account that really sent it is shown beside them.
 */
export function ContactMessages({ messages }: { messages: readonly ContactMessage[] }) {
  const { readContacts } = useAdmin();
  if (messages.length === 0) return <p className="output output--muted">no contact messages yet.</p>;
  return (
    <ul className="admin-list">
      {messages.map((message) => {
        const unread = message.read_at === null && !readContacts[message.id];
        return (
          <li key={message.id} className="admin-list__item" aria-label={`${message.contact_type} from ${message.username}`}>
            <p className="output">
              <span className="tag tag--wait">[{message.contact_type}]</span> {message.username} &lt;{message.email}&gt;{' '}
              <span className="output--muted">{formatDate(message.created)}</span>
              {unread && <span className="tag tag--ok"> [unread]</span>}
            </p>
            <p className="output output--muted" aria-label="sent by account">
              sent by:{' '}
              {message.sender ? (
                <>
                  <strong>{message.sender.username}</strong> &lt;{message.sender.email}&gt; (id {message.sender.id})
                </>
              ) : (
                <strong>visitor</strong>
              )}
              {message.sender && (message.sender.username !== message.username || message.sender.email !== message.email) && (
                <span className="output--err"> [claims another name or address]</span>
              )}
            </p>
            <p className="admin-list__text">{message.message}</p>
            {unread && (
              <div className="actions">
                <button type="button" className="btn btn--small" onClick={() => void markRead(message.id)} aria-label={`mark read: message from ${message.username}`}>
                  mark read
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
