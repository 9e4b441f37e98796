import { useMe } from '../../../lib/session/store';

/**
 * The header's count of unread direct messages, beside `messages`: from every `me` the server
 * sends and from the live channel's pushes.
 */
export function UnreadMessagesBadge() {
  const me = useMe();
  const count = me?.unread_message_count ?? 0;
  if (count <= 0) return null;
  return (
    <span className="badge">
      {' '}
      ({count}
      <span className="visually-hidden"> unread</span>)
    </span>
  );
}
