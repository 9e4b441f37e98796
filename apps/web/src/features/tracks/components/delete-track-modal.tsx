import { useEffect } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useSnapshot } from 'valtio';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { useMe } from '../../../lib/session/store';
import { confirmDelete, resetDelete, tracksStore } from '../store';

/** The deleteTrack modal; after deleting, spec §2 goes to the owner's profile. */
export function Component({ trackId, title, onClose }: { trackId: number | string; title?: string; onClose: () => void }) {
  const { remove } = useSnapshot(tracksStore);
  const me = useMe();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  useEffect(() => resetDelete(), []);
  const confirm = async () => {
    if (!(await confirmDelete(Number(trackId)))) return;
    onClose();
    const profile = `/${me?.username ?? ''}`;
    if (window.location.pathname === profile) void revalidator.revalidate();
    else void navigate(profile);
  };
  return (
    <ModalFrame title="delete track" onClose={onClose}>
      <p>
        delete <strong>{title ?? `track ${trackId}`}</strong>? its file, comments and plays go with it. this cannot be undone.
      </p>
      <ConfirmActions label="delete track" busyLabel="deleting..." busy={remove.busy} error={remove.error} onConfirm={() => void confirm()} onCancel={onClose} />
    </ModalFrame>
  );
}
