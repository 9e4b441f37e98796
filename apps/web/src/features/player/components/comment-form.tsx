import type { TrackView } from '@stardeck/contracts/browser';
import { COMMENT_TEXT_MAX } from '@stardeck/contracts/browser';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { commentsStore } from '../../../lib/comments/store';
import { formatClock } from '../../../utils/format';
import { closeCommentInput, playerUi, setDraftText, submitDraft } from '../store';

/** Spec §4 Comment input: the text, the second it is about (drag the avatar), post or cancel. */
export function CommentForm({ track }: { track: TrackView }) {
  const ui = useSnapshot(playerUi);
  const { byTrack } = useSnapshot(commentsStore);
  const id = useId();
  const draft = ui.draft!;
  const error = byTrack[track.id]?.error;
  return (
    <form
      className="player__comment"
      onSubmit={(event) => {
        event.preventDefault();
        void submitDraft();
      }}
    >
      <label htmlFor={id} className="player__comment-label">
        comment at {formatClock(draft.timestamp)}
      </label>
      <input
        id={id}
        className="field__input"
        value={draft.text}
        maxLength={COMMENT_TEXT_MAX}
        onChange={(e) => setDraftText(e.target.value)}
        autoFocus
        placeholder="drag your avatar on the waveform to change the moment"
        onKeyDown={(e) => e.key === 'Escape' && closeCommentInput()}
      />
      <button type="submit" className="btn btn--small btn--primary" disabled={draft.posting || !draft.text.trim()}>
        {draft.posting ? 'posting...' : 'post'}
      </button>
      <button type="button" className="btn btn--small" onClick={closeCommentInput}>
        cancel
      </button>
      {error && (
        <p className="field__error" role="alert">
          ! {error}
        </p>
      )}
    </form>
  );
}
