import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { useSnapshot } from 'valtio';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { libraryStore, remove, resetRemoval } from '../../../lib/library/store';

/**
 * removeFromLibrary (spec §2, trackId): removing a saved track also takes it out of every one of
 * the member's collections (spec §4; the server does both in one step), so the dialog says so first.
 */
export function Component({ trackId, title, onClose }: { trackId: number | string; title?: string; onClose: () => void }) {
  const { removal } = useSnapshot(libraryStore);
  const revalidator = useRevalidator();
  useEffect(() => resetRemoval(), []);
  const confirm = async () => {
    const affected = await remove(Number(trackId));
    if (affected === null) return;
    onClose();
    // The page behind (a collection it left, a saved-by count) shows the change.
    void revalidator.revalidate();
  };
  return (
    <ModalFrame title="remove from library" onClose={onClose}>
      <p>
        remove <strong>{title ?? `track ${trackId}`}</strong> from your library?
      </p>
      <p className="output tag--wait">it is also taken out of every one of your collections that holds it.</p>
      <ConfirmActions label="remove from library" busyLabel="removing..." busy={removal.busy} error={removal.error} onConfirm={() => void confirm()} onCancel={onClose} />
    </ModalFrame>
  );
}
