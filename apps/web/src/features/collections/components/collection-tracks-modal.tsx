import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { useSnapshot } from 'valtio';
import { TrackCard } from '../../../components/tracks/track-card';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { membershipStore, openCollectionDialog } from '../membership';
import { CollectionToggle } from './collection-toggle';
import '../collections.css';

/**
 * manageCollectionTracks (spec §2, collectionId and collectionName): the collection's tracks and
 * then the member's own uploads and saved ones, each a compact card whose slot puts it in or takes it out. The
 * API keeps tracks in the order they were added, so there is no reordering here.
 */
export function Component({ collectionId, collectionName, onClose }: { collectionId: number | string; collectionName: string; onClose: () => void }) {
  const { collectionDialog: dialog } = useSnapshot(membershipStore);
  const revalidator = useRevalidator();
  const id = Number(collectionId);
  useEffect(() => {
    void openCollectionDialog(id);
  }, [id]);
  const close = () => {
    if (membershipStore.changed) void revalidator.revalidate();
    onClose();
  };
  return (
    <ModalFrame title={`tracks of ${collectionName}`} onClose={close} wide focusKey={dialog.loading}>
      {dialog.loading ? (
        <p className="output output--muted">[..] loading</p>
      ) : dialog.error ? (
        <p className="output output--err" role="alert">
          {dialog.error}
        </p>
      ) : dialog.tracks.length === 0 ? (
        <p className="output output--muted">nothing to add yet: upload tracks, or SAVE others' to your library, then pick them here.</p>
      ) : (
        <>
          <p className="output output--muted">its tracks first, then your uploads and saved tracks; press a track&apos;s box to put it in or take it out.</p>
          <ul className="collection-picks" aria-label="tracks to pick">
            {dialog.tracks.map((track) => (
              <li key={track.id}>
                <TrackCard track={track} variant="compact" slot={<CollectionToggle collectionId={id} track={track} />} />
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={close}>
          done
        </button>
      </div>
    </ModalFrame>
  );
}
