import { checkCommentTimestamp, type CommentEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

/** The commented track as the author may see it; the service passes only a track the author may open. */
export interface CommentedTrack {
  id: number;
  owner_id: string;
  /** Seconds; null while the track is still processing. */
  duration: number | null;
}

/** The thread's first comment, for a reply. */
export interface ParentComment {
  id: number;
  author_id: string;
  track_timestamp: number;
}

export type CommentCommand =
  | {
      type: 'PostComment';
      comment_id: number;
      author_id: string;
      track: CommentedTrack;
      text: string;
      track_timestamp: number;
      parent: ParentComment | null;
    }
  /** `track_timestamp` left out keeps the comment where it is; a reply always stays at its thread's place. */
  | { type: 'EditComment'; actor_id: string; text: string; track_timestamp?: number; track_duration: number | null }
  | { type: 'DeleteComment'; actor_id: string; actor_is_admin: boolean };

export type CommentState =
  | { status: 'none' }
  | {
      status: 'posted' | 'deleted';
      comment_id: number;
      track_id: number;
      track_owner_id: string;
      author_id: string;
      parent_id: number | null;
      text: string;
      track_timestamp: number;
    };

export const CommentErrors = {
  exists: 'comment_exists',
  notFound: 'comment_not_found',
  textRequired: 'comment_text_required',
  timestampInvalid: 'comment_timestamp_invalid',
  editNotAllowed: 'comment_edit_not_allowed',
  deleteNotAllowed: 'comment_delete_not_allowed',
} as const;
export type CommentErrorCode = (typeof CommentErrors)[keyof typeof CommentErrors];

const fail = (code: CommentErrorCode, message: string) => new DomainError<CommentErrorCode>(code, message);

/**
 * The write model of one comment. Its author may edit it; its author, the track's owner and admins
 * may delete it. Text is trimmed and must not be empty; the timestamp is a whole second within the
 * track (the message says which range).
 */
export const commentDecider: Decider<CommentCommand, CommentEvent, CommentState, CommentErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'PostComment': {
        if (state.status !== 'none') return fail(CommentErrors.exists, 'Comment already exists');
        const text = command.text.trim();
        if (!text) return fail(CommentErrors.textRequired, 'Comment cannot be empty');
        const timestamp = command.parent ? command.parent.track_timestamp : command.track_timestamp;
        const problem = checkCommentTimestamp(timestamp, command.track.duration);
        if (problem && !command.parent) return fail(CommentErrors.timestampInvalid, problem);
        return [{
          type: 'CommentPosted',
          data: {
            comment_id: command.comment_id, track_id: command.track.id, track_owner_id: command.track.owner_id, author_id: command.author_id,
            parent_id: command.parent?.id ?? null, parent_author_id: command.parent?.author_id ?? null, text, track_timestamp: timestamp,
          },
        }];
      }
      case 'EditComment': {
        if (state.status !== 'posted') return fail(CommentErrors.notFound, 'Comment not found');
        if (state.author_id !== command.actor_id) return fail(CommentErrors.editNotAllowed, 'Only the author can edit a comment');
        const text = command.text.trim();
        if (!text) return fail(CommentErrors.textRequired, 'Comment cannot be empty');
        const timestamp = state.parent_id === null ? command.track_timestamp ?? state.track_timestamp : state.track_timestamp;
        if (timestamp !== state.track_timestamp) {
          const problem = checkCommentTimestamp(timestamp, command.track_duration);
          if (problem) return fail(CommentErrors.timestampInvalid, problem);
        }
        if (text === state.text && timestamp === state.track_timestamp) return [];
        return [{ type: 'CommentEdited', data: { comment_id: state.comment_id, track_id: state.track_id, author_id: state.author_id, text, track_timestamp: timestamp } }];
      }
      case 'DeleteComment': {
        if (state.status !== 'posted') return fail(CommentErrors.notFound, 'Comment not found');
        const allowed = command.actor_is_admin || command.actor_id === state.author_id || command.actor_id === state.track_owner_id;
        if (!allowed) return fail(CommentErrors.deleteNotAllowed, 'Only the author, the track owner or an admin can delete a comment');
        return [{
          type: 'CommentDeleted',
          data: {
            comment_id: state.comment_id, track_id: state.track_id, track_owner_id: state.track_owner_id, author_id: state.author_id,
            parent_id: state.parent_id, deleted_by: command.actor_id,
          },
        }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'CommentPosted') {
      const d = event.data;
      return {
        status: 'posted', comment_id: d.comment_id, track_id: d.track_id, track_owner_id: d.track_owner_id, author_id: d.author_id,
        parent_id: d.parent_id, text: d.text, track_timestamp: d.track_timestamp,
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CommentEdited':
        return { ...state, text: event.data.text, track_timestamp: event.data.track_timestamp };
      case 'CommentDeleted':
        return { ...state, status: 'deleted' };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
