import { displayName, type LibraryTrackView, type UserSummary } from '@stardeck/contracts/browser';
import { Link } from 'react-router';

export interface ProfileRecentsData {
  subscribers: readonly UserSummary[];
  subscriptions: readonly UserSummary[];
  saves: readonly LibraryTrackView[];
}

/**
 * Under the profile's header (spec §7): its newest subscribers, the members it subscribed to last
 * and the tracks it saved last, each a line of links. An empty list shows no line.
 */
export function ProfileRecents({ subscribers, subscriptions, saves }: ProfileRecentsData) {
  return (
    <>
      <RecentLine label="recent subscribers" items={subscribers.map((user) => ({ key: user.id, to: `/${user.username}`, text: displayName(user) }))} />
      <RecentLine label="recently subscribed to" items={subscriptions.map((user) => ({ key: user.id, to: `/${user.username}`, text: displayName(user) }))} />
      <RecentLine label="recently saved" items={saves.map((track) => ({ key: track.id, to: `/tracks/${track.id}`, text: track.title }))} />
    </>
  );
}

function RecentLine({ label, items }: { label: string; items: { key: number | string; to: string; text: string }[] }) {
  if (items.length === 0) return null;
  return (
    <p className="output output--muted">
      {label}:{' '}
      {items.map((item, i) => (
        <span key={item.key}>
          {i > 0 && ', '}
          <Link to={item.to}>{item.text}</Link>
        </span>
      ))}
    </p>
  );
}
