import { PLAYER } from '@stardeck/contracts/browser';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { next, player, previous, setVolume, togglePlay } from '../../../lib/player/store';
import { formatClock } from '../../../utils/format';

/** The bar's transport: previous, play or pause, next. */
export function Transport() {
  const state = useSnapshot(player);
  return (
    <div className="player__transport">
      <button type="button" className="btn btn--small player__previous" onClick={() => void previous()} disabled={state.history.length === 0}>
        <span aria-hidden="true">|◂</span>
        <span className="visually-hidden">previous</span>
      </button>
      <button type="button" className="btn btn--small btn--primary player__play" onClick={togglePlay} disabled={state.loading}>
        {state.loading ? 'loading' : state.playing ? 'pause' : 'play'}
      </button>
      <button type="button" className="btn btn--small" onClick={() => void next()} disabled={state.queue.length === 0}>
        <span aria-hidden="true">▸|</span>
        <span className="visually-hidden">next</span>
      </button>
    </div>
  );
}

/** Where playback is, and the track's length. */
export function Position() {
  const { progress, duration } = useSnapshot(player);
  return (
    <span className="player__time" aria-label="position">
      {formatClock(progress)} / {formatClock(duration)}
    </span>
  );
}

export function Volume() {
  const { volume } = useSnapshot(player);
  const id = useId();
  return (
    <span className="player__volume">
      <label htmlFor={id} className="visually-hidden">
        volume
      </label>
      <span aria-hidden="true" className="player__volume-icon">
        vol
      </span>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={PLAYER.volumeStep}
        value={volume}
        onChange={(e) => setVolume(Number(e.target.value))}
        aria-valuetext={`${Math.round(volume * 100)}%`}
      />
    </span>
  );
}
