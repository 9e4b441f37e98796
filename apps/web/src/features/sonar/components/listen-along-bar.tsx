import { useSnapshot } from 'valtio';
import { player } from '../../../lib/player/store';
import { leaveListenAlong, shareCurrentTrack, stopHosting } from '../listen-along';
import { useSonar } from '../store';

/**
 * Listen along, above the composer: share the playing track (and with it this player), or see
 * whose player this one follows, and stop either. Says why a listen-along ended on its own.
 */
export function ListenAlongBar() {
  const { status, hosting, followingId, users, listenAlongEnded } = useSonar();
  const { currentId } = useSnapshot(player);
  const host = followingId ? users.find((user) => user.id === followingId) : undefined;
  return (
    <div className="sonar__along">
      {followingId ? (
        <p className="output" role="status">
          ♪ listening along with {host?.name ?? '…'}{' '}
          <button type="button" className="link-button" onClick={() => leaveListenAlong()}>
            leave
          </button>
        </p>
      ) : hosting ? (
        <p className="output" role="status">
          ♪ sharing your player with the room{' '}
          <button type="button" className="link-button" onClick={stopHosting}>
            stop sharing
          </button>
        </p>
      ) : (
        <button type="button" className="btn btn--small" disabled={status !== 'connected' || currentId === null} onClick={() => void shareCurrentTrack()}>
          share playing track
        </button>
      )}
      {listenAlongEnded && !followingId && (
        <p className="output output--muted" role="status">
          listen along ended: {listenAlongEnded}
        </p>
      )}
    </div>
  );
}
