import { SONAR, SONAR_MSG, checkChatContent, type ChatEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type ChatMessageCommand =
  | {
      type: 'PostChatMessage';
      message_id: number;
      room_id: string;
      author_id: string;
      content: string;
      /** Checked by the caller to be a message of the same room. */
      reply_to_id: number | null;
      /** Checked by the caller to be a public, ready track (listen along); null when none is shared. */
      shared_track_id: number | null;
      now: Date;
    }
  | { type: 'AnnounceChatPresence'; message_id: number; room_id: string; member_id: string; kind: 'entered' | 'left' }
  | { type: 'EditChatMessage'; actor_id: string; content: string; now: Date }
  | { type: 'DeleteChatMessage'; actor_id: string; actor_is_admin: boolean };

export type ChatMessageState =
  | { status: 'none' }
  | {
      status: 'posted' | 'deleted';
      message_id: number;
      room_id: string;
      author_id: string;
      content: string;
      posted_at: string;
      system: boolean;
    };

export const ChatMessageErrors = {
  exists: 'chat_message_exists',
  notFound: 'chat_message_not_found',
  contentInvalid: 'chat_content_invalid',
  editNotAllowed: 'chat_edit_not_allowed',
  editWindowClosed: 'chat_edit_window_closed',
  deleteNotAllowed: 'chat_delete_not_allowed',
} as const;
export type ChatMessageErrorCode = (typeof ChatMessageErrors)[keyof typeof ChatMessageErrors];

const fail = (code: ChatMessageErrorCode, message: string) => new DomainError<ChatMessageErrorCode>(code, message);

/**
 * The write model of one chat message. Its author may edit it within the 30-minute message window
 * (spec §9); its author or an admin may delete it. Content is trimmed and 1 to 4096 characters.
 * Enter and leave notices are nobody's to edit or delete.
 */
export const chatMessageDecider: Decider<ChatMessageCommand, ChatEvent, ChatMessageState, ChatMessageErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'PostChatMessage': {
        if (state.status !== 'none') return fail(ChatMessageErrors.exists, 'Message already exists');
        const problem = checkChatContent(command.content);
        if (problem) return fail(ChatMessageErrors.contentInvalid, problem);
        return [{
          type: 'ChatMessagePosted',
          data: {
            message_id: command.message_id, room_id: command.room_id, author_id: command.author_id, content: command.content.trim(),
            reply_to_id: command.reply_to_id, ...(command.shared_track_id === null ? {} : { shared_track_id: command.shared_track_id }),
            posted_at: command.now.toISOString(),
          },
        }];
      }
      case 'AnnounceChatPresence': {
        if (state.status !== 'none') return fail(ChatMessageErrors.exists, 'Message already exists');
        return [{ type: 'ChatPresenceAnnounced', data: { message_id: command.message_id, room_id: command.room_id, member_id: command.member_id, kind: command.kind } }];
      }
      case 'EditChatMessage': {
        if (state.status !== 'posted') return fail(ChatMessageErrors.notFound, SONAR_MSG.messageNotFound);
        if (state.system || state.author_id !== command.actor_id) return fail(ChatMessageErrors.editNotAllowed, SONAR_MSG.editNotAllowed);
        if (command.now.getTime() - Date.parse(state.posted_at) > SONAR.editWindowMs) return fail(ChatMessageErrors.editWindowClosed, SONAR_MSG.editWindowClosed);
        const problem = checkChatContent(command.content);
        if (problem) return fail(ChatMessageErrors.contentInvalid, problem);
        const content = command.content.trim();
        if (content === state.content) return [];
        return [{ type: 'ChatMessageEdited', data: { message_id: state.message_id, room_id: state.room_id, author_id: state.author_id, content } }];
      }
      case 'DeleteChatMessage': {
        if (state.status !== 'posted') return fail(ChatMessageErrors.notFound, SONAR_MSG.messageNotFound);
        const allowed = !state.system && (command.actor_is_admin || command.actor_id === state.author_id);
        if (!allowed) return fail(ChatMessageErrors.deleteNotAllowed, SONAR_MSG.deleteNotAllowed);
        return [{
          type: 'ChatMessageDeleted',
          data: { message_id: state.message_id, room_id: state.room_id, author_id: state.author_id, deleted_by: command.actor_id },
        }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ChatMessagePosted': {
        const d = event.data;
        return { status: 'posted', message_id: d.message_id, room_id: d.room_id, author_id: d.author_id, content: d.content, posted_at: d.posted_at, system: false };
      }
      case 'ChatPresenceAnnounced': {
        const d = event.data;
        return { status: 'posted', message_id: d.message_id, room_id: d.room_id, author_id: d.member_id, content: '', posted_at: '', system: true };
      }
      case 'ChatMessageEdited':
        return state.status === 'none' ? state : { ...state, content: event.data.content };
      case 'ChatMessageDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
