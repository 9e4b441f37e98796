import { displayName, type UserSummary } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { countOf } from '../../../utils/format';
import { Avatar } from './avatar';

/** Members in a list (subscribers, subscriptions): avatar, name, tracks and subscribers. */
export function MemberList({ users, label }: { users: readonly UserSummary[]; label: string }) {
  return (
    <ul className="member-list" aria-label={label}>
      {users.map((user) => (
        <li key={user.id} className="member-row">
          <Avatar user={user} size={40} />
          <span>
            <Link to={`/${user.username}`}>{displayName(user)}</Link> <span className="output--muted">@{user.username}</span>
          </span>
          <span className="output--muted">
            {countOf(user.audio_count, 'track')} · {countOf(user.subscriber_count, 'subscriber')}
            {user.is_subscribed ? ' · subscribed' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
