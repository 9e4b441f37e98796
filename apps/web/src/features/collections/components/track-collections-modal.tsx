import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { openModal } from '../../../lib/modals/store';
import { countOf } from '../../../utils/format';
import { isHeld, membershipStore, openTrackDialog, pairKey, toggleTrack } from '../membership';
import '../collections.css';

/** manageTrackCollections (spec §2, needs trackId): tick which of my collections hold the track. */
export function Component({ trackId, title, onClose }: { trackId: number | string; title?: string; onClose: () => void }) {
  const state = useSnapshot(membershipStore);
  const dialog = state.trackDialog;
  const revalidator = useRevalidator();
  const id = Number(trackId);
  useEffect(() => {
    void openTrackDialog(id);
  }, [id]);
  const close = () => {
    // A collection page behind may list this track: it shows the change once the dialog closes.
    if (membershipStore.changed) void revalidator.revalidate();
    onClose();
  };
  return (
    <ModalFrame title="collections" onClose={close} focusKey={dialog.loading}>
      <p className="output">
        which of your collections hold <strong>{title ?? `track ${id}`}</strong>?
      </p>
      {dialog.loading ? (
        <p className="output output--muted">[..] loading</p>
      ) : dialog.error ? (
        <p className="output output--err" role="alert">
          {dialog.error}
        </p>
      ) : dialog.collections.length === 0 ? (
        <p className="output output--muted">you have no collections yet.</p>
      ) : (
        <ul className="collection-picks" aria-label="your collections">
          {dialog.collections.map((collection) => (
            <li key={collection.id}>
              <label>
                <input
                  type="checkbox"
                  checked={isHeld(state, collection.id, id)}
                  aria-busy={Boolean(state.busy[pairKey(collection.id, id)])}
                  onChange={() => void toggleTrack(collection.id, id)}
                />
                {collection.name}
                <span className="output--muted">
                  <TrackCount count={state.counts[collection.id] ?? collection.track_count} />
                  {collection.visibility !== 'public' ? ` · ${collection.visibility}` : ''}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={() => openModal('manageCollectionCreate')}>
          new collection
        </button>
        <button type="button" className="btn btn--primary" onClick={close}>
          done
        </button>
      </div>
    </ModalFrame>
  );
}

function TrackCount({ count }: { count: number }) {
  return (
    <>
      {countOf(count, 'track')}
    </>
  );
}
