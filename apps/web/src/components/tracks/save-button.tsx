import { useSnapshot } from 'valtio';
import { isSaved, libraryStore, save } from '../../lib/library/store';
import { openModal } from '../../lib/modals/store';
import { useMe } from '../../lib/session/store';

type Savable = { id: number; in_library: boolean; title: string; user_id?: string };

/**
 * Spec §2: SAVE or SAVED, and once saved (or on one's own upload, which needs no saving) a control
 * for the member's collections. Saving shows at
 * once (spec §4 Library); removing asks first (removeFromLibrary), since it also empties the track
 * out of the member's collections.
 */
export function SaveButton({ track }: { track: Savable }) {
  const state = useSnapshot(libraryStore);
  const saved = isSaved(state, track);
  const own = useMe()?.id === track.user_id;
  return (
    <>
      <button
        type="button"
        className={`btn btn--small ${saved ? 'btn--primary' : ''}`}
        aria-pressed={saved}
        onClick={() => (saved ? openModal('removeFromLibrary', { trackId: track.id, title: track.title }) : void save(track.id))}
        disabled={Boolean(state.busy[track.id])}
      >
        {saved ? 'SAVED' : 'SAVE'}
        <span className="visually-hidden"> {track.title}</span>
      </button>
      {(saved || own) && (
        <button type="button" className="btn btn--small" onClick={() => openModal('manageTrackCollections', { trackId: track.id, title: track.title })}>
          collections<span className="visually-hidden"> of {track.title}</span>
        </button>
      )}
    </>
  );
}
