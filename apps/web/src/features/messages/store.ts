import { DIRECT_MESSAGES, DM_MSG, displayName, type ConversationView, type DirectMessagePage, type DirectMessagePush, type DirectMessageView } from '@stardeck/contracts/browser';
import { proxy, ref, useSnapshot } from 'valtio';
import { applyUnreadMessageCount } from '../../lib/session/store';
import { toastFailure } from '../../lib/toasts/from-result';
import { showToast } from '../../lib/toasts/store';
import { getConversations, getMessages, postMessage, postRead } from './api/conversations';
import { sendFailureText } from './send-failure';

export interface OpenConversation {
  conversation: ConversationView;
  /** Newest first, as the page shows them. */
  messages: DirectMessageView[];
}

export interface MessagesState {
  conversations: ConversationView[];
  total: number;
  hasMore: boolean;
  loading: boolean;
  open: OpenConversation | null;
  /** One send at a time (spec §8 'Already sending a message'). */
  sending: boolean;
  poller: { timer: ReturnType<typeof setInterval> } | null;
}

const initial = (): MessagesState => ({ conversations: [], total: 0, hasMore: false, loading: false, open: null, sending: false, poller: null });

export const messagesStore = proxy<MessagesState>(initial());

/** Bumped by reset() and by opening another conversation: a late answer for the old one is dropped. */
let epoch = 0;

export const useMessages = () => useSnapshot(messagesStore);

/** The list as the route preloaded it. */
export function showConversations(page: { conversations: ConversationView[]; total: number; has_more: boolean }): void {
  messagesStore.conversations = page.conversations;
  messagesStore.total = page.total;
  messagesStore.hasMore = page.has_more;
}

/** The next page of 20 after what is shown; a failure is shown and re-thrown as false (spec §8). */
export async function loadMoreConversations(): Promise<boolean> {
  if (messagesStore.loading) return false;
  const started = epoch;
  messagesStore.loading = true;
  const result = await getConversations(messagesStore.conversations.length);
  if (started !== epoch) return false;
  messagesStore.loading = false;
  if (!result.ok) {
    toastFailure(result.failure);
    return false;
  }
  const page = result.envelope.data!;
  const shown = new Set(messagesStore.conversations.map((c) => c.id));
  messagesStore.conversations.push(...page.conversations.filter((c) => !shown.has(c.id)));
  messagesStore.total = page.total;
  messagesStore.hasMore = page.has_more;
  return true;
}

/** Adds messages not shown yet, keeping newest first. */
function merge(incoming: readonly DirectMessageView[]): void {
  const open = messagesStore.open;
  if (!open || incoming.length === 0) return;
  const shown = new Set(open.messages.map((m) => m.id));
  const fresh = incoming.filter((m) => !shown.has(m.id));
  if (fresh.length === 0) return;
  open.messages = [...fresh, ...open.messages].sort((a, b) => b.id - a.id);
}

/**
 * Spec §4 Messages: opening shows the preloaded page, marks the conversation read and polls every
 * 20 s from the newest message id, dropping duplicates.
 */
export function openConversation(page: DirectMessagePage): () => void {
  closeConversation();
  epoch++;
  messagesStore.open = { conversation: page.conversation, messages: [...page.messages] };
  void markRead(page.conversation.id);
  const timer = setInterval(() => void poll(), DIRECT_MESSAGES.pollIntervalMs);
  messagesStore.poller = ref({ timer });
  return closeConversation;
}

export function closeConversation(): void {
  if (messagesStore.poller) clearInterval(messagesStore.poller.timer);
  messagesStore.poller = null;
  messagesStore.open = null;
}

/** Failures are silent (spec §8); the next tick tries again. */
export async function poll(): Promise<void> {
  const open = messagesStore.open;
  if (!open) return;
  const started = epoch;
  const id = open.conversation.id;
  const newest = open.messages[0]?.id ?? 0;
  const result = await getMessages(id, { sinceId: newest });
  if (started !== epoch || messagesStore.open?.conversation.id !== id || !result.ok) return;
  const before = messagesStore.open.messages.length;
  merge(result.envelope.data!.messages);
  if (messagesStore.open.messages.length !== before) void markRead(id);
}

/** Silent on failure (spec §8). */
async function markRead(conversationId: string): Promise<void> {
  const result = await postRead(conversationId);
  if (!result.ok) return;
  const row = messagesStore.conversations.find((c) => c.id === conversationId);
  if (row) row.unread_count = 0;
}

/**
 * Sends a message: nothing is sent without a recipient and non-blank content (spec §5); a sent
 * message goes at the front of the open conversation. Returns the failure text, or null with the
 * conversation id on success.
 */
export async function send(recipientUsername: string, content: string): Promise<{ error: string } | { conversationId: string }> {
  if (messagesStore.sending) return { error: DM_MSG.alreadySending };
  if (!recipientUsername || !content.trim()) return { error: DM_MSG.contentRequired };
  const started = epoch;
  messagesStore.sending = true;
  const result = await postMessage(recipientUsername, content);
  messagesStore.sending = false;
  if (!result.ok) return { error: sendFailureText(result.failure) };
  const { conversation_id, message } = result.envelope.data!;
  if (started === epoch && messagesStore.open?.conversation.id === conversation_id) merge([message]);
  return { conversationId: conversation_id };
}

/** How much of a message its arrival toast shows (spec §9's preview length). */
export const ARRIVAL_PREVIEW_CHARS = 100;

export const conversationPath = (conversationId: string) => `/messages/${conversationId}`;

/**
 * A message pushed over the live channel. The header's count follows at once; the conversation,
 * when open, shows it and is marked read; the list moves it to the top. Anywhere but its own
 * conversation (`pathname`, the page the member is on) a toast says who wrote and what.
 */
export function receiveDirectMessage(push: DirectMessagePush, pathname: string): void {
  applyUnreadMessageCount(push.unread_message_count);
  const { message, sender } = push;
  const open = messagesStore.open?.conversation.id === message.conversation_id;
  if (open) {
    merge([message]);
    void markRead(message.conversation_id);
  }
  const row = messagesStore.conversations.find((c) => c.id === message.conversation_id);
  const moved: ConversationView = row
    ? { ...row, last_message: message, unread_count: open ? 0 : row.unread_count + 1, updated: message.created }
    : { id: message.conversation_id, other_user: sender, last_message: message, unread_count: open ? 0 : 1, updated: message.created };
  messagesStore.conversations = [moved, ...messagesStore.conversations.filter((c) => c.id !== message.conversation_id)];
  if (!row) messagesStore.total += 1;
  if (pathname !== conversationPath(message.conversation_id)) {
    const preview = message.content.length > ARRIVAL_PREVIEW_CHARS ? `${message.content.slice(0, ARRIVAL_PREVIEW_CHARS)}...` : message.content;
    showToast({ kind: 'success', title: `message from ${displayName(sender)}`, description: preview });
  }
}

/** Only the count changed (a conversation read in another tab). */
export function receiveDirectMessageCount(count: number): void {
  applyUnreadMessageCount(count);
}

export function reset(): void {
  epoch++;
  closeConversation();
  Object.assign(messagesStore, initial());
}
