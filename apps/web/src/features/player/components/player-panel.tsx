import { PLAYER, isPlaybackRate, type TrackView } from '@stardeck/contracts/browser';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { SaveButton } from '../../../components/tracks/save-button';
import { openModal } from '../../../lib/modals/store';
import { canUseEndless, player, setEndless, setPreservePitch, setRate, setShuffle } from '../../../lib/player/store';
import { useMe } from '../../../lib/session/store';
import { openCommentInput, playerUi, toggleHelp } from '../store';
import { Heatmap } from './heatmap';
import { ShortcutList } from './shortcut-list';

/**
 * What the compact bar leaves out, one button away: the queue and history lists, endless and
 * shuffle, speed and pitch, save, comment, the comment heatmap and the shortcut list.
 */
export function PlayerPanel({ id, track }: { id: string; track: TrackView | null }) {
  const state = useSnapshot(player);
  const ui = useSnapshot(playerUi);
  const me = useMe();
  const endlessAllowed = canUseEndless(me);
  const rateId = useId();
  return (
    <div id={id} className="player__panel" role="group" aria-label="player options">
      {track && <Heatmap trackId={track.id} />}
      <div className="player__controls">
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
          <select
            id={rateId}
            className="player__select"
            value={state.rate}
            onChange={(e) => {
              const value = Number(e.target.value);
              if (isPlaybackRate(value)) setRate(value);
            }}
          >
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
        {track && <SaveButton track={track} />}
        {track && (
          <button
            type="button"
            className={`btn btn--small ${ui.draft ? 'btn--primary' : ''}`}
            onClick={() => openCommentInput(track.id, player.progress)}
            aria-expanded={Boolean(ui.draft)}
          >
            COMMENT
          </button>
        )}
        <button type="button" className="btn btn--small" onClick={() => toggleHelp()} aria-expanded={ui.helpOpen}>
          keys
        </button>
      </div>
      {ui.helpOpen && <ShortcutList />}
    </div>
  );
}
