import { displayName } from '@stardeck/contracts/browser';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { PromptLine } from '../../../components/ui/prompt-line';
import { clearQueue, player, playQueued, removeFromQueue } from '../../../lib/player/store';

/** The queueList modal (spec §2): what plays next, in order; play one now or take it out. */
export function Component({ onClose }: { onClose: () => void }) {
  const state = useSnapshot(player);
  return (
    <ModalFrame title={`queue (${state.queue.length})`} onClose={onClose} wide>
      <PromptLine command="player --queue" />
      {state.queue.length === 0 ? (
        <p className="output output--muted">the queue is empty.{state.endless ? ' endless mode adds a random track each time one plays.' : ''}</p>
      ) : (
        <ol className="player-list">
          {state.queue.map((id, index) => {
            const track = state.tracks[id];
            if (!track) return null;
            return (
              <li key={`${id}-${index}`} className="player-list__row">
                <span className="player-list__name">
                  {track.title} <span className="output--muted">by {displayName(track)}</span>
                </span>
                <button type="button" className="btn btn--small" onClick={() => void playQueued(index)}>
                  play<span className="visually-hidden"> {track.title}</span>
                </button>
                <button type="button" className="btn btn--small btn--danger" onClick={() => removeFromQueue(index)}>
                  remove<span className="visually-hidden"> {track.title}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {state.queue.length > 0 && (
        <div className="actions">
          <button type="button" className="btn btn--danger" onClick={clearQueue}>
            clear queue
          </button>
        </div>
      )}
    </ModalFrame>
  );
}
