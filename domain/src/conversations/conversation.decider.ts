import { DM_MSG, checkMessageContent, type ConversationEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type ConversationCommand =
  | {
      type: 'SendDirectMessage';
      conversation_id: string;
      message_id: number;
      sender_id: string;
      recipient_id: string;
      content: string;
      now: Date;
    }
  | { type: 'MarkConversationRead'; reader_id: string };

export type ConversationState =
  | { status: 'none' }
  | {
      status: 'open';
      conversation_id: string;
      participant_ids: [string, string];
      /** Per member, the newest message sent to them, and the newest of those they have read. */
      last_received: Record<string, number>;
      read_through: Record<string, number>;
    };

export const ConversationErrors = {
  toSelf: 'dm_to_self',
  contentInvalid: 'dm_content_invalid',
  notFound: 'conversation_not_found',
} as const;
export type ConversationErrorCode = (typeof ConversationErrors)[keyof typeof ConversationErrors];

const fail = (code: ConversationErrorCode, message: string) => new DomainError<ConversationErrorCode>(code, message);

/** The pair, in one order whichever of them writes first. */
export const conversationPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/**
 * The write model of one conversation between two members. The first message starts it; only its
 * two members write to it or mark it read; content is trimmed and 1 to 4096 characters. Marking a
 * conversation read with nothing new to read records nothing.
 */
export const conversationDecider: Decider<ConversationCommand, ConversationEvent, ConversationState, ConversationErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'SendDirectMessage': {
        if (command.sender_id === command.recipient_id) return fail(ConversationErrors.toSelf, DM_MSG.cannotMessageSelf);
        const pair = conversationPair(command.sender_id, command.recipient_id);
        if (state.status === 'open' && (state.participant_ids[0] !== pair[0] || state.participant_ids[1] !== pair[1])) {
          return fail(ConversationErrors.notFound, DM_MSG.conversationNotFound);
        }
        const problem = checkMessageContent(command.content);
        if (problem) return fail(ConversationErrors.contentInvalid, problem);
        const sent_at = command.now.toISOString();
        const message: ConversationEvent = {
          type: 'DirectMessageSent',
          data: {
            conversation_id: command.conversation_id, message_id: command.message_id, sender_id: command.sender_id,
            recipient_id: command.recipient_id, content: command.content.trim(), sent_at,
          },
        };
        if (state.status === 'open') return [message];
        return [{ type: 'ConversationStarted', data: { conversation_id: command.conversation_id, participant_ids: pair, started_at: sent_at } }, message];
      }
      case 'MarkConversationRead': {
        if (state.status !== 'open' || !state.participant_ids.includes(command.reader_id)) return fail(ConversationErrors.notFound, DM_MSG.conversationNotFound);
        const newest = state.last_received[command.reader_id] ?? 0;
        if (newest <= (state.read_through[command.reader_id] ?? 0)) return [];
        return [{ type: 'ConversationRead', data: { conversation_id: state.conversation_id, reader_id: command.reader_id, through_message_id: newest } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ConversationStarted':
        return { status: 'open', conversation_id: event.data.conversation_id, participant_ids: event.data.participant_ids, last_received: {}, read_through: {} };
      case 'DirectMessageSent':
        if (state.status !== 'open') return state;
        return { ...state, last_received: { ...state.last_received, [event.data.recipient_id]: event.data.message_id } };
      case 'ConversationRead':
        if (state.status !== 'open') return state;
        return { ...state, read_through: { ...state.read_through, [event.data.reader_id]: event.data.through_message_id } };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
