import { TRACK_FORM_MSG } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { commentsStore, deleteComment } from '../../../lib/comments/store';

const BUSY_RESET_MS = 300;

/** The deleteComment modal: a reply goes alone; a first comment takes its thread's replies with it. */
export function Component({ commentId, trackId, onClose }: { commentId: number | string; trackId?: number | string; onClose: () => void }) {
  const { byTrack, threads } = useSnapshot(commentsStore);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = Number(commentId);
  const inTrack = trackId !== undefined ? byTrack[Number(trackId)]?.comments.find((c) => c.id === id) : undefined;
  const reply = Object.values(threads).flatMap((t) => t.thread?.replies ?? []).find((r) => r.id === id);
  const comment = inTrack ?? reply;
  const confirm = async () => {
    if (!comment) {
      setError(TRACK_FORM_MSG.noCommentId);
      return;
    }
    setBusy(true);
    const failure = await deleteComment(comment);
    if (failure) {
      setError(failure);
      setTimeout(() => setBusy(false), BUSY_RESET_MS);
      return;
    }
    onClose();
  };
  return (
    <ModalFrame title="delete comment" onClose={onClose}>
      <p>delete this comment{comment && comment.parent_id === null && comment.reply_count > 0 ? ' and its replies' : ''}? this cannot be undone.</p>
      {comment && <blockquote className="comment__text">{comment.text.length > 100 ? `${comment.text.slice(0, 100)}...` : comment.text}</blockquote>}
      <ConfirmActions label="delete comment" busyLabel="deleting..." busy={busy} error={error} onConfirm={() => void confirm()} onCancel={onClose} />
    </ModalFrame>
  );
}
