import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { useMe } from '../../../lib/session/store';
import { albumEditor, confirmDelete, reset } from '../editor';

/** deleteAlbum: asks first, then goes to the member's albums. The tracks stay. */
export function Component({ albumId, title, onClose }: { albumId: number | string; title?: string; onClose: () => void }) {
  const { remove } = useSnapshot(albumEditor);
  const me = useMe();
  const navigate = useNavigate();
  useEffect(() => reset(), []);
  const confirm = async () => {
    if (!(await confirmDelete(Number(albumId)))) return;
    onClose();
    void navigate(`/${me?.username ?? ''}/albums`);
  };
  return (
    <ModalFrame title="delete album" onClose={onClose}>
      <p>
        delete <strong>{title ?? `album ${albumId}`}</strong>? its tracks stay on your profile. this cannot be undone.
      </p>
      <ConfirmActions label="delete album" busyLabel="deleting..." busy={remove.busy} error={remove.error} onConfirm={() => void confirm()} onCancel={onClose} />
    </ModalFrame>
  );
}
