import { displayName } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { useMe } from '../../../lib/session/store';
import { formatDate } from '../../../utils/format';
import { useMessages } from '../store';
import { MessageComposer } from './message-composer';
import '../messages.css';

/** The open conversation: the composer, then its messages newest first, rendered as text. */
export function ConversationView() {
  const { open } = useMessages();
  const me = useMe();
  if (!open) return null;
  const other = open.conversation.other_user;
  return (
    <>
      <p>
        with <Link to={`/${other.username}`}>{displayName(other)}</Link> <span className="output--muted">@{other.username}</span>
      </p>
      <MessageComposer recipientUsername={other.username} />
      <ol className="messages__thread" aria-label="messages" aria-live="polite">
        {open.messages.map((m) => {
          const own = m.sender_id === me?.id;
          return (
            <li key={m.id} className="messages__msg">
              <span className={`messages__author${own ? ' messages__author--own' : ''}`}>{own ? 'you' : displayName(other)}</span>{' '}
              <time className="messages__time" dateTime={m.created}>{formatDate(m.created)}</time>
              <div className="messages__content">{m.content}</div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
