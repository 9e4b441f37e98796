import type { ConversationView, DirectMessagePage, DirectMessageView } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession, session } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { messagesStore, openConversation, receiveDirectMessage, receiveDirectMessageCount, reset, send, showConversations } from './store';

const id = 'c0000000-0000-4000-8000-000000000001';
const other = { id: 'u-2', username: 'vega', display_name: null, slug: 'vega', avatar: null };
const conversation: ConversationView = { id, other_user: other, last_message: null, unread_count: 2, updated: '2026-11-22T10:00:00.000Z' };
const msg = (n: number, content = `m${n}`): DirectMessageView => ({ id: n, conversation_id: id, sender_id: 'u-2', content, created: '2026-11-22T10:00:00.000Z' });
const page = (messages: DirectMessageView[]): DirectMessagePage => ({ conversation, messages, total: messages.length, has_more: false });
const shown = () => messagesStore.open?.messages.map((m) => m.id);
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('direct messages (spec §4 Messages)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => {
    reset();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opening marks read, then polls every 20 s from the newest id and drops duplicates', async () => {
    const api = fakeApi({
      [`POST /v1/conversations/${id}/read`]: ok(undefined, { me: aMember() }),
      [`GET /v1/conversations/${id}/messages`]: [ok(page([msg(4), msg(3)])), ok(page([msg(5)]))],
    });
    showConversations({ conversations: [conversation], total: 1, has_more: false });
    openConversation(page([msg(3), msg(2)]));
    await flush();
    expect(api.callsTo(`POST /v1/conversations/${id}/read`)).toHaveLength(1);
    expect(messagesStore.conversations[0]!.unread_count).toBe(0);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(api.callsTo(`GET /v1/conversations/${id}/messages`)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    const polls = () => api.fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/messages?'));
    expect(polls()).toEqual([expect.stringContaining('since_id=3')]);
    expect(shown()).toEqual([4, 3, 2]);
    await vi.advanceTimersByTimeAsync(20_000);
    await flush();
    expect(polls()).toEqual([expect.stringContaining('since_id=3'), expect.stringContaining('since_id=4')]);
    expect(shown()).toEqual([5, 4, 3, 2]);
  });

  it('a poll that fails is silent, and leaving the conversation stops polling', async () => {
    const api = fakeApi({
      [`POST /v1/conversations/${id}/read`]: failure(500, { title: 'Internal Server Error' }),
      [`GET /v1/conversations/${id}/messages`]: failure(500, { title: 'Internal Server Error' }),
    });
    const close = openConversation(page([msg(1)]));
    await vi.advanceTimersByTimeAsync(20_000);
    await flush();
    expect(shown()).toEqual([1]);
    close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.callsTo(`GET /v1/conversations/${id}/messages`)).toHaveLength(1);
  });

  it('a sent message goes at the front; a second send meanwhile is refused', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeApi({
      [`POST /v1/conversations/${id}/read`]: ok(undefined, { me: aMember() }),
      'POST /v1/messages': async () => {
        await gate;
        return ok({ conversation_id: id, message: { ...msg(9, 'mine'), sender_id: 'me' } });
      },
    });
    openConversation(page([msg(3)]));
    const first = send('vega', 'mine');
    expect(await send('vega', 'again')).toEqual({ error: 'Already sending a message' });
    release();
    expect(await first).toEqual({ conversationId: id });
    expect(shown()).toEqual([9, 3]);
  });

  it('sends nothing without content, and shows the spec §8 text of a refusal', async () => {
    const api = fakeApi({
      'POST /v1/messages': [
        failure(404, { title: 'Message', description: "User 'ghost' not found" }),
        failure(403, { title: 'Message', description: 'whatever' }),
        failure(400, { title: 'Message' }),
        failure(500, { title: 'Internal Server Error' }),
      ],
    });
    expect(await send('vega', '   ')).toEqual({ error: 'Message cannot be empty' });
    expect(api.calls).toHaveLength(0);
    expect(await send('ghost', 'hi')).toEqual({ error: "User 'ghost' not found" });
    expect(await send('me', 'hi')).toEqual({ error: 'You cannot send a message to yourself' });
    expect(await send('vega', 'hi')).toEqual({ error: 'Invalid message content' });
    expect(await send('vega', 'hi')).toEqual({ error: 'Failed to send message' });
  });

  describe('pushed over the live channel', () => {
    const vega = { id: 'u-2', username: 'vega', display_name: 'Vega <i>V</i>', slug: 'vega', avatar: null };

    it('anywhere else, raises the count, moves the conversation to the top and toasts who wrote what, as text', () => {
      const older: ConversationView = { ...conversation, id: 'c0000000-0000-4000-8000-000000000002', unread_count: 0 };
      showConversations({ conversations: [older, { ...conversation, unread_count: 1 }], total: 2, has_more: false });
      receiveDirectMessage({ message: msg(9, 'x'.repeat(150)), sender: vega, unread_message_count: 4 }, '/discover');
      expect(session.me?.unread_message_count).toBe(4);
      expect(messagesStore.conversations.map((c) => [c.id, c.unread_count])).toEqual([[id, 2], [older.id, 0]]);
      expect(messagesStore.conversations[0]!.last_message?.id).toBe(9);
      expect(toasts.list).toMatchObject([{ kind: 'success', title: 'message from Vega <i>V</i>', description: `${'x'.repeat(100)}...` }]);
      // A conversation the list did not hold yet joins it.
      receiveDirectMessage({ message: { ...msg(10), conversation_id: 'c0000000-0000-4000-8000-000000000003' }, sender: vega, unread_message_count: 5 }, '/discover');
      expect(messagesStore.conversations.map((c) => c.id)[0]).toBe('c0000000-0000-4000-8000-000000000003');
      expect(messagesStore.total).toBe(3);
    });

    it('in its open conversation, shows the message at once, marks it read, and toasts nothing', async () => {
      const api = fakeApi({ [`POST /v1/conversations/${id}/read`]: ok(undefined, { me: aMember() }) });
      openConversation(page([msg(3)]));
      await flush();
      receiveDirectMessage({ message: msg(4, 'live'), sender: vega, unread_message_count: 1 }, `/messages/${id}`);
      expect(shown()).toEqual([4, 3]);
      await flush();
      expect(api.callsTo(`POST /v1/conversations/${id}/read`)).toHaveLength(2);
      expect(toasts.list).toEqual([]);
      // The push and the poll may bring the same message: it shows once.
      receiveDirectMessage({ message: msg(4, 'live'), sender: vega, unread_message_count: 0 }, `/messages/${id}`);
      expect(shown()).toEqual([4, 3]);
      receiveDirectMessageCount(0);
      expect(session.me?.unread_message_count).toBe(0);
    });
  });
});
