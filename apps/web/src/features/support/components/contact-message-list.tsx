import { formatDate } from '../../../utils/format';
import type { ContactMessageView } from '../api/contact-messages';
import '../support.css';

/** Members' contact messages for admins; what members wrote is shown as text. */
export function ContactMessageList({ messages }: { messages: readonly ContactMessageView[] }) {
  if (messages.length === 0) return <p className="output output--muted">no contact messages yet.</p>;
  return (
    <ul className="contact-messages">
      {messages.map((message) => (
        <li key={message.id} className="contact-message" aria-label={`${message.contact_type} from ${message.username}`}>
          <p className="output">
            <span className="tag tag--wait">[{message.contact_type}]</span> {message.username} &lt;{message.email}&gt;{' '}
            <span className="output--muted">{formatDate(message.created)}</span>
          </p>
          <p className="contact-message__text">{message.message}</p>
        </li>
      ))}
    </ul>
  );
}
