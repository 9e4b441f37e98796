import type { TrackView } from '@stardeck/contracts/browser';
import { useSnapshot } from 'valtio';
import { pause, play, playLabel, player, resume } from '../../lib/player/store';

/**
 * Spec §2: PLAY, LOADING, PLAYING or PAUSED. Playing pauses; a paused current track resumes.
 * A track still being processed cannot play yet and says how far along it is.
 */
export function PlayButton({ track, className }: { track: TrackView; className?: string }) {
  const state = useSnapshot(player);
  if (track.status !== 'ready') {
    return (
      <span className="track-status" role="status">
        {track.status === 'failed' ? '[failed]' : `[processing ${track.progress ?? 0}%]`}
      </span>
    );
  }
  const label = playLabel(state, track.id);
  const onClick = () => {
    if (label === 'PLAYING') pause();
    else if (label === 'PAUSED') resume();
    else if (label === 'PLAY') void play(track);
  };
  return (
    <button
      type="button"
      className={`btn btn--small play-button ${label !== 'PLAY' ? 'play-button--current' : ''} ${className ?? ''}`}
      onClick={onClick}
      aria-pressed={label === 'PLAYING'}
      disabled={label === 'LOADING'}
    >
      {label}
      <span className="visually-hidden"> {track.title}</span>
    </button>
  );
}
