import { COMMENT_TEXT_MAX, displayName, type CommentView, type TrackView } from '@stardeck/contracts/browser';
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { PromptLine } from '../../../components/ui/prompt-line';
import { closeThread, commentsStore, editComment, loadComments, loadThread, postComment, replyTo } from '../../../lib/comments/store';
import { openModal } from '../../../lib/modals/store';
import { player, play, seek } from '../../../lib/player/store';
import { useMe } from '../../../lib/session/store';
import { formatClock, formatDate } from '../../../utils/format';
import './track-forms.css';

/**
 * The track page's comments (spec §3 Comment): threads in time order, each opening to its
 * replies, with a reply box; a new comment at the second the player is at (0 when it is not
 * playing this track). A timestamp plays the track from there.
 */
export function CommentThreads({ track }: { track: TrackView }) {
  const { byTrack } = useSnapshot(commentsStore);
  const entry = byTrack[track.id];
  useEffect(() => {
    void loadComments(track.id, { force: true });
  }, [track.id]);
  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">comments ({entry?.total ?? track.comment_count})</h2>
      <NewComment track={track} />
      {entry?.loading && !entry.loaded && <p className="output output--muted">[..] loading comments</p>}
      {entry?.error && <p className="output output--err">{entry.error}</p>}
      {entry?.loaded && entry.comments.length === 0 && <p className="output output--muted">no comments yet.</p>}
      <ol className="track-list">
        {entry?.comments.map((comment) => (
          <li key={comment.id}>
            <Thread track={track} comment={comment} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function NewComment({ track }: { track: TrackView }) {
  const id = useId();
  const { currentId, progress } = useSnapshot(player);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const at = currentId === track.id ? Math.floor(progress) : 0;
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        setBusy(true);
        void postComment(track.id, text, at).then((posted) => {
          setBusy(false);
          if (posted) setText('');
        });
      }}
    >
      <label htmlFor={id}>comment at {formatClock(at)}</label>
      <input id={id} className="field__input" value={text} maxLength={COMMENT_TEXT_MAX} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn btn--small btn--primary" disabled={busy || !text.trim()}>
        {busy ? 'posting...' : 'post'}
      </button>
    </form>
  );
}

function CommentLine({ track, comment }: { track: TrackView; comment: Readonly<CommentView> }) {
  const me = useMe();
  const own = me?.id === comment.user_id;
  const ownsTrack = me?.id === track.user_id;
  const [editing, setEditing] = useState(false);
  return (
    <div className="comment">
      <p className="comment__meta">
        <strong>{displayName(comment)}</strong> at{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => (player.currentId === track.id ? seek(comment.track_timestamp) : void play(track).then(() => seek(comment.track_timestamp)))}
        >
          {formatClock(comment.track_timestamp)}
        </button>{' '}
        · {formatDate(comment.created)}
        {comment.edited ? ' · edited' : ''}
      </p>
      {editing ? <EditComment comment={comment} onDone={() => setEditing(false)} /> : <p className="comment__text">{comment.text}</p>}
      {(own || ownsTrack) && !editing && (
        <div className="comment__actions">
          {own && (
            <button type="button" className="link-button" onClick={() => setEditing(true)}>
              edit<span className="visually-hidden"> comment by {displayName(comment)}</span>
            </button>
          )}
          <button type="button" className="link-button" onClick={() => openModal('deleteComment', { commentId: comment.id, trackId: track.id })}>
            delete<span className="visually-hidden"> comment by {displayName(comment)}</span>
          </button>
        </div>
      )}
    </div>
  );
}

/** Its author's edit of a comment, in place: save keeps its moment in the track; Escape or cancel leaves it as it was. */
function EditComment({ comment, onDone }: { comment: Readonly<CommentView>; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState(comment.text);
  const [busy, setBusy] = useState(false);
  const unchanged = text.trim() === comment.text.trim();
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim() || unchanged) return;
        setBusy(true);
        void editComment(comment as CommentView, text).then((saved) => {
          setBusy(false);
          if (saved) onDone();
        });
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        edit comment by {displayName(comment)}
      </label>
      <input id={id} className="field__input" value={text} maxLength={COMMENT_TEXT_MAX} autoFocus onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn btn--small btn--primary" disabled={busy || !text.trim() || unchanged}>
        {busy ? 'saving...' : 'save'}
      </button>
      <button type="button" className="btn btn--small" onClick={onDone}>
        cancel
      </button>
    </form>
  );
}

function Thread({ track, comment }: { track: TrackView; comment: Readonly<CommentView> }) {
  const { threads } = useSnapshot(commentsStore);
  const state = threads[comment.id];
  const open = state !== undefined;
  const [reply, setReply] = useState('');
  const replyId = useId();
  return (
    <article className="comment-thread">
      <CommentLine track={track} comment={comment} />
      <button type="button" className="link-button" aria-expanded={open} onClick={() => (open ? closeThread(comment.id) : void loadThread(comment.id))}>
        {open ? 'hide replies' : `replies (${comment.reply_count})`}
      </button>
      {open && (
        <>
          {state.loading && <p className="output output--muted">[..] loading replies</p>}
          <ul className="comment-thread__replies">
            {state.thread?.replies.map((r) => (
              <li key={r.id}>
                <CommentLine track={track} comment={r} />
              </li>
            ))}
          </ul>
          <PromptLine command={`reply --to ${comment.id}`} />
          <form
            className="comment-form"
            onSubmit={(event) => {
              event.preventDefault();
              void replyTo(comment as CommentView, reply).then((posted) => posted && setReply(''));
            }}
          >
            <label htmlFor={replyId} className="visually-hidden">
              reply to {displayName(comment)}
            </label>
            <input id={replyId} className="field__input" value={reply} maxLength={COMMENT_TEXT_MAX} onChange={(e) => setReply(e.target.value)} placeholder="reply" />
            <button type="submit" className="btn btn--small" disabled={!reply.trim()}>
              reply
            </button>
          </form>
        </>
      )}
    </article>
  );
}
