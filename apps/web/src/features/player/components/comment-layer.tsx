import { displayName, pixelArtworkSvg, type CommentView, type TrackView } from '@stardeck/contracts/browser';
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useSnapshot } from 'valtio';
import { commentsStore } from '../../../lib/comments/store';
import { player, seek } from '../../../lib/player/store';
import { useMe } from '../../../lib/session/store';
import { formatClock } from '../../../utils/format';
import { passingComment } from '../passing-comments';
import { moveDraft, playerUi, showTooltip } from '../store';

function avatarOf(person: { avatar: string | null; user_id: string }): string {
  return person.avatar ?? `data:image/svg+xml,${encodeURIComponent(pixelArtworkSvg(person.user_id))}`;
}

const at = (seconds: number, duration: number) => `${duration > 0 ? Math.min(100, (seconds / duration) * 100) : 0}%`;

/**
 * Over the waveform: an avatar per comment at its second (spec §2), the tooltip of a comment
 * playback passes (spec §4), and the draft's avatar, dragged (or moved with the arrow keys) to
 * choose the second a new comment is about.
 */
export function CommentLayer({ track }: { track: TrackView }) {
  const { byTrack } = useSnapshot(commentsStore);
  const { progress, duration } = useSnapshot(player);
  const ui = useSnapshot(playerUi);
  const comments = byTrack[track.id]?.comments ?? [];
  const shown = useRef(new Set<number>());

  useEffect(() => {
    const { show, shown: next } = passingComment(comments, progress, shown.current);
    shown.current = next;
    if (show) showTooltip(show.id);
  }, [progress, comments]);

  const tooltip = ui.tooltip ? comments.find((c) => c.id === ui.tooltip!.commentId) : undefined;
  return (
    <div className="comment-layer">
      <ul className="comment-layer__markers" aria-label="comments on the waveform">
        {comments.map((comment) => (
          <li key={comment.id} className="comment-marker" style={{ left: at(comment.track_timestamp, duration) }}>
            <button
              type="button"
              className="comment-marker__button"
              onClick={() => {
                seek(comment.track_timestamp);
                showTooltip(comment.id);
              }}
            >
              <img src={avatarOf(comment)} alt="" width={20} height={20} />
              <span className="visually-hidden">
                comment by {displayName(comment)} at {formatClock(comment.track_timestamp)}: {comment.text}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {tooltip && <Tooltip comment={tooltip} duration={duration} leaving={ui.tooltip!.leaving} />}
      {ui.draft && ui.draft.trackId === track.id && <DraftAvatar timestamp={ui.draft.timestamp} duration={duration} />}
    </div>
  );
}

function Tooltip({ comment, duration, leaving }: { comment: Readonly<CommentView>; duration: number; leaving: boolean }) {
  return (
    <div className={`comment-tooltip ${leaving ? 'comment-tooltip--leaving' : ''}`} style={{ left: at(comment.track_timestamp, duration) }} role="status">
      <strong>{displayName(comment)}</strong> <span className="output--muted">@{formatClock(comment.track_timestamp)}</span>
      <p>{comment.text}</p>
    </div>
  );
}

function DraftAvatar({ timestamp, duration }: { timestamp: number; duration: number }) {
  const me = useMe();
  const fromPointer = (event: ReactPointerEvent<HTMLElement>) => {
    const layer = event.currentTarget.closest('.comment-layer');
    if (!layer) return;
    const box = layer.getBoundingClientRect();
    const fraction = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    moveDraft(fraction * duration, duration);
  };
  return (
    <div
      className="comment-draft"
      style={{ left: at(timestamp, duration) }}
      role="slider"
      tabIndex={0}
      aria-label="new comment position"
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={timestamp}
      aria-valuetext={formatClock(timestamp)}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) fromPointer(event);
      }}
      onKeyDown={(event) => {
        const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 }[event.key];
        if (step === undefined) return;
        event.preventDefault();
        moveDraft(timestamp + step, duration);
      }}
    >
      {me && <img src={avatarOf({ avatar: null, user_id: me.id })} alt="" width={24} height={24} draggable={false} />}
    </div>
  );
}
