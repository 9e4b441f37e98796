import { useSnapshot } from 'valtio';
import { isSaved, libraryStore, toggleSaved } from '../../lib/library/store';

/** Spec §2: SAVE or SAVED; the change shows at once (spec §4 Library). */
export function SaveButton({ track }: { track: { id: number; in_library: boolean; title: string } }) {
  const state = useSnapshot(libraryStore);
  const saved = isSaved(state, track);
  return (
    <button type="button" className={`btn btn--small ${saved ? 'btn--primary' : ''}`} aria-pressed={saved} onClick={() => void toggleSaved(track)} disabled={Boolean(state.busy[track.id])}>
      {saved ? 'SAVED' : 'SAVE'}
      <span className="visually-hidden"> {track.title}</span>
    </button>
  );
}
