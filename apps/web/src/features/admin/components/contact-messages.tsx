import { formatDate } from '../../../utils/format';
import type { ContactMessage } from '../api/get-contact-messages';
import { markRead, useAdmin } from '../store';

/** Members' contact messages, unread ones marked; what they wrote is shown as text. */
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
