/**
 * Direct messages are events of one stream per conversation (`conversation-{id}`): the pair of
 * members it is between, each message in it, and how far each member has read. Message ids come
 * from a sequence, so a reader polls with the newest id it has.
 */
export interface ConversationStarted {
  type: 'ConversationStarted';
  data: { conversation_id: string; participant_ids: [string, string]; started_at: string };
}

export interface DirectMessageSent {
  type: 'DirectMessageSent';
  data: { conversation_id: string; message_id: number; sender_id: string; recipient_id: string; content: string; sent_at: string };
}

/** The reader has seen every message sent to them up to `through_message_id`. */
export interface ConversationRead {
  type: 'ConversationRead';
  data: { conversation_id: string; reader_id: string; through_message_id: number };
}

export type ConversationEvent = ConversationStarted | DirectMessageSent | ConversationRead;

export const conversationStreamIds = {
  conversation: (id: string) => `conversation-${id}`,
};
