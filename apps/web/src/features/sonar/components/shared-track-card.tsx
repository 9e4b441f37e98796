import type { SonarMessage } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { listenAlong, leaveListenAlong } from '../listen-along';
import { useSonar } from '../store';

const duration = (seconds: number | null) => (seconds === null ? '' : `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`);

/**
 * The card of a track shared into the room. While its sharer is here and shares their player, the
 * others can listen along; the follower can leave from the same card.
 */
export function SharedTrackCard({ message, meId }: { message: SonarMessage; meId: string | null }) {
  const { users, followingId } = useSonar();
  const track = message.sharedTrack;
  if (!track) return <div className="sonar__card sonar__card--gone output--muted">♪ this track is no longer available</div>;
  const host = users.find((user) => user.id === message.userId);
  const hosting = host?.playback !== null && host?.playback !== undefined;
  const following = host !== undefined && followingId === host.id;
  return (
    <div className="sonar__card" role="group" aria-label={`shared track ${track.title}`}>
      <span aria-hidden="true">♪ </span>
      <Link to={`/${track.username}/tracks/${track.id}`}>{track.title}</Link> <span className="output--muted">by {track.userName}</span>{' '}
      <span className="output--muted">{duration(track.durationSeconds)}</span>
      {host && host.id !== meId && hosting && (
        following ? (
          <button type="button" className="btn btn--small" onClick={() => leaveListenAlong()}>
            leave listen along
          </button>
        ) : (
          <button type="button" className="btn btn--small btn--primary" onClick={() => listenAlong(host)}>
            listen along with {host.name}
          </button>
        )
      )}
    </div>
  );
}
