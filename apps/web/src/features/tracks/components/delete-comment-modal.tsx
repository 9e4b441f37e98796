import { TRACK_FORM_MSG } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
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
      <div className="actions">
        <button type="button" className="btn btn--danger" onClick={() => void confirm()} disabled={busy}>
          {busy ? 'deleting...' : 'delete comment'}
        </button>
        <button type="button" className="btn" onClick={onClose} data-autofocus>
          cancel
        </button>
      </div>
      {error && (
        <p className="output output--err" role="alert">
          {error}
        </p>
      )}
    </ModalFrame>
  );
}
