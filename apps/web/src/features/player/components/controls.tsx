import { PLAYER, isPlaybackRate, type TrackView } from '@stardeck/contracts/browser';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { SaveButton } from '../../../components/tracks/save-button';
import { openModal } from '../../../lib/modals/store';
import { canUseEndless, next, player, previous, setEndless, setPreservePitch, setRate, setShuffle, setVolume, togglePlay } from '../../../lib/player/store';
import { useMe } from '../../../lib/session/store';
import { formatClock } from '../../../utils/format';
import { openCommentInput, playerUi, toggleHelp } from '../store';

/** Spec §2 footer controls: play/pause, skip, queue with count, endless, speed, volume, SAVE, COMMENT. */
export function Controls({ track }: { track: TrackView }) {
  const state = useSnapshot(player);
  const ui = useSnapshot(playerUi);
  const me = useMe();
  const endlessAllowed = canUseEndless(me);
  const rateId = useId();
  const volumeId = useId();
  return (
    <div className="player__controls">
      <span className="player__time" aria-label="position">
        {formatClock(state.progress)} / {formatClock(state.duration)}
      </span>
      <button type="button" className="btn btn--small" onClick={() => void previous()} disabled={state.history.length === 0}>
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
      <button type="button" className="btn btn--small" onClick={() => openModal('queueList')}>
        queue ({state.queue.length})
      </button>
      <button type="button" className="btn btn--small" onClick={() => openModal('historyList')}>
        history
      </button>
      <button
        type="button"
        className={`btn btn--small ${state.endless ? 'btn--primary' : ''}`}
        aria-pressed={state.endless}
        onClick={() => setEndless(!state.endless)}
        disabled={!endlessAllowed && !state.endless}
        title={endlessAllowed ? 'adds a random track each time one plays' : 'upgrade to premium'}
      >
        endless
      </button>
      <button type="button" className={`btn btn--small ${state.shuffle ? 'btn--primary' : ''}`} aria-pressed={state.shuffle} onClick={() => setShuffle(!state.shuffle)}>
        shuffle
      </button>
      <label className="player__field" htmlFor={rateId}>
        speed
        <select id={rateId} className="player__select" value={state.rate} onChange={(e) => {
          const value = Number(e.target.value);
          if (isPlaybackRate(value)) setRate(value);
        }}>
          {PLAYER.rates.map((rate) => (
            <option key={rate} value={rate}>
              {rate}×
            </option>
          ))}
        </select>
      </label>
      <label className="player__field">
        <input type="checkbox" checked={state.preservePitch} onChange={(e) => setPreservePitch(e.target.checked)} />
        keep pitch
      </label>
      <label className="player__field" htmlFor={volumeId}>
        volume
        <input
          id={volumeId}
          type="range"
          min={0}
          max={1}
          step={PLAYER.volumeStep}
          value={state.volume}
          onChange={(e) => setVolume(Number(e.target.value))}
          aria-valuetext={`${Math.round(state.volume * 100)}%`}
        />
      </label>
      <SaveButton track={track} />
      <button type="button" className={`btn btn--small ${ui.draft ? 'btn--primary' : ''}`} onClick={() => openCommentInput(track.id, player.progress)} aria-expanded={Boolean(ui.draft)}>
        COMMENT
      </button>
      <button type="button" className="btn btn--small" onClick={() => toggleHelp()} aria-expanded={ui.helpOpen}>
        keys
      </button>
    </div>
  );
}
