/** Direct messages (spec §4 Messages, §5, §8, §9): limits, texts and the shapes the API answers with. */
export const DIRECT_MESSAGES = {
  contentMax: 4096,
  /** The counter warns above this share of the limit. */
  counterWarnRatio: 0.9,
  pollIntervalMs: 20_000,
  conversationsPage: 20,
  messagesLoad: 1000,
  messagesPoll: 50,
} as const;

export const DM_MSG = {
  userNotFound: (username: string) => `User '${username}' not found`,
  cannotMessageSelf: 'You cannot send a message to yourself',
  invalidContent: 'Invalid message content',
  contentRequired: 'Message cannot be empty',
  contentTooLong: `Message cannot exceed ${DIRECT_MESSAGES.contentMax} characters`,
  recipientRequired: 'Recipient is required',
  sendFailed: 'Failed to send message',
  alreadySending: 'Already sending a message',
  conversationNotFound: 'Conversation not found',
  sent: 'Message sent',
  title: 'Message',
} as const;

/** Spec §5: 1 to 4096 characters after trim. The message to show, or null when it fits. */
export function checkMessageContent(content: unknown): string | null {
  if (typeof content !== 'string') return DM_MSG.contentRequired;
  const trimmed = content.trim();
  if (!trimmed) return DM_MSG.contentRequired;
  if (trimmed.length > DIRECT_MESSAGES.contentMax) return DM_MSG.contentTooLong;
  return null;
}

/** The counter under a message field: warns above 90% of 4096. */
export function messageCounter(content: string): { length: number; max: number; warn: boolean; over: boolean } {
  const length = content.length;
  const max = DIRECT_MESSAGES.contentMax;
  return { length, max, warn: length > max * DIRECT_MESSAGES.counterWarnRatio, over: length > max };
}

export interface ConversationMemberView {
  id: string;
  username: string;
  display_name: string | null;
  slug: string;
  avatar: string | null;
}

export interface DirectMessageView {
  id: number;
  conversation_id: string;
  sender_id: string;
  content: string;
  created: string;
}

/** The Conversation of spec §3: id, plus what a list row shows. */
export interface ConversationView {
  id: string;
  other_user: ConversationMemberView;
  last_message: DirectMessageView | null;
  unread_count: number;
  updated: string;
}

export interface ConversationPage {
  conversations: ConversationView[];
  total: number;
  has_more: boolean;
}

/** GET /v1/conversations/{id}/messages: newest first, as the page shows them. */
export interface DirectMessagePage {
  conversation: ConversationView;
  messages: DirectMessageView[];
  total: number;
  has_more: boolean;
}

/**
 * The live channel's `direct_message` event: a message to the member, with who sent it and how
 * many messages now wait for them. It carries what GET /v1/conversations/{id}/messages would show.
 */
export interface DirectMessagePush {
  message: DirectMessageView;
  sender: ConversationMemberView;
  unread_message_count: number;
}

/** `direct_message_count`: only the count changed (a conversation read in another tab). */
export interface DirectMessageCountPush {
  unread_message_count: number;
}
