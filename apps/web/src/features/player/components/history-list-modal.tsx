import { PLAYER, displayName } from '@stardeck/contracts/browser';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { PromptLine } from '../../../components/ui/prompt-line';
import { player, playFromHistory } from '../../../lib/player/store';

/** The historyList modal (spec §2): the last 20 tracks played here, newest first. */
export function Component({ onClose }: { onClose: () => void }) {
  const state = useSnapshot(player);
  return (
    <ModalFrame title="history" onClose={onClose} wide>
      <PromptLine command={`player --history --last ${PLAYER.historyMax}`} />
      {state.history.length === 0 ? (
        <p className="output output--muted">nothing played yet.</p>
      ) : (
        <ol className="player-list">
          {state.history.map((id, index) => {
            const track = state.tracks[id];
            if (!track) return null;
            return (
              <li key={id} className="player-list__row">
                <span className="player-list__name">
                  {track.title} <span className="output--muted">by {displayName(track)}</span>
                </span>
                <button type="button" className="btn btn--small" onClick={() => void playFromHistory(index)}>
                  play again<span className="visually-hidden"> {track.title}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </ModalFrame>
  );
}
