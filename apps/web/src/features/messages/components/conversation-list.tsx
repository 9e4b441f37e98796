import { displayName } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { useMe } from '../../../lib/session/store';
import { formatDate } from '../../../utils/format';
import { loadMoreConversations, useMessages } from '../store';
import '../messages.css';

/** The member's conversations, the one that moved last first, each with what waits unread. */
export function ConversationList() {
  const state = useMessages();
  const me = useMe();
  if (state.conversations.length === 0) {
    return <p className="output output--muted">no conversations yet. open a member's profile and send them a message.</p>;
  }
  return (
    <>
      <ul className="messages__list" aria-label="conversations">
        {state.conversations.map((c) => (
          <li key={c.id} className="messages__row">
            <Link to={`/messages/${c.id}`}>{displayName(c.other_user)}</Link>
            <span className="messages__row-preview">
              {c.last_message ? `${c.last_message.sender_id === me?.id ? 'you: ' : ''}${c.last_message.content}` : ''}
            </span>
            {c.unread_count > 0 && <span className="messages__unread">{c.unread_count} unread</span>}
            <time className="messages__time" dateTime={c.updated}>{formatDate(c.updated)}</time>
          </li>
        ))}
      </ul>
      {state.hasMore && (
        <div className="actions">
          <button type="button" className="btn" disabled={state.loading} onClick={() => void loadMoreConversations()}>
            {state.loading ? 'loading...' : 'more'}
          </button>
        </div>
      )}
    </>
  );
}
