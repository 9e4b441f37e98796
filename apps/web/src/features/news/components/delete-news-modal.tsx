import { NEWS_MSG } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { removeNews } from '../store';

const BUSY_RESET_MS = 300;

/** The deleteNews modal (spec §2): names the post; a failure shows inline and releases the button (spec §8). */
export function Component({ post, onClose }: { post?: { id: number | string; title: string }; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!post) {
      setError(NEWS_MSG.noPost);
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await removeNews(Number(post.id));
    if (failure) {
      setError(failure);
      setTimeout(() => setBusy(false), BUSY_RESET_MS);
      return;
    }
    onClose();
  };
  return (
    <ModalFrame title="delete news post" onClose={onClose}>
      <p>delete '{post?.title ?? ''}'? this cannot be undone.</p>
      <ConfirmActions label="delete_post" busyLabel="deleting..." busy={busy} error={error} onConfirm={() => void confirm()} onCancel={onClose} />
    </ModalFrame>
  );
}
