import { DIRECT_MESSAGES, type ConversationPage, type DirectMessagePage, type DirectMessageView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/conversations {limit 20, offset}: the one that moved last first. */
export function getConversations(offset: number, signal?: AbortSignal) {
  return apiCall<ConversationPage>('/conversations', { query: { limit: DIRECT_MESSAGES.conversationsPage, offset }, signal });
}

/** GET /v1/conversations/{id}/messages: 1000 per load, 50 per poll after `sinceId` (spec §9). */
export function getMessages(conversationId: string, options: { sinceId?: number; signal?: AbortSignal } = {}) {
  const query = options.sinceId === undefined
    ? { limit: DIRECT_MESSAGES.messagesLoad, offset: 0 }
    : { limit: DIRECT_MESSAGES.messagesPoll, offset: 0, since_id: options.sinceId };
  return apiCall<DirectMessagePage>(`/conversations/${encodeURIComponent(conversationId)}/messages`, { query, signal: options.signal });
}

/** POST /v1/messages {recipient_username, content} -> data.conversation_id. */
export function postMessage(recipientUsername: string, content: string) {
  return apiCall<{ conversation_id: string; message: DirectMessageView }>('/messages', {
    method: 'POST', body: { recipient_username: recipientUsername, content },
  });
}

/** POST /v1/conversations/{id}/read -> me. */
export function postRead(conversationId: string) {
  return apiCall<undefined>(`/conversations/${encodeURIComponent(conversationId)}/read`, { method: 'POST', body: {} });
}
