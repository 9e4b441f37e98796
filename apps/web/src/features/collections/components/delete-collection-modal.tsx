import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { useMe } from '../../../lib/session/store';
import { confirmDelete, editorStore, resetDelete } from '../editor';

/** deleteCollection: asks first; spec §2 then goes to the member's collections page. */
export function Component({ collectionId, name, onClose }: { collectionId: number | string; name?: string; onClose: () => void }) {
  const { remove } = useSnapshot(editorStore);
  const me = useMe();
  const navigate = useNavigate();
  useEffect(() => resetDelete(), []);
  const confirm = async () => {
    if (!(await confirmDelete(Number(collectionId)))) return;
    onClose();
    void navigate(`/${me?.username ?? ''}/collections`);
  };
  return (
    <ModalFrame title="delete collection" onClose={onClose}>
      <p>
        delete <strong>{name ?? `collection ${collectionId}`}</strong>? its tracks stay in their owners&apos; accounts and in your library; its
        followers lose it. this cannot be undone.
      </p>
      <ConfirmActions label="delete collection" busyLabel="deleting..." busy={remove.busy} error={remove.error} onConfirm={() => void confirm()} onCancel={onClose} />
    </ModalFrame>
  );
}
