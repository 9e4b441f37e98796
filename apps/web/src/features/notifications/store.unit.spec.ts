import type { NotificationView } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession, session } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok, type FakeAnswer } from '../../testing/fake-fetch';
import { dismiss, dismissAll, loadNotifications, notificationsStore, receive, receiveCount, reset } from './store';
import { notificationSentence, notificationText } from './text';

const actor = { id: 'u-2', username: 'vega', display_name: 'Vega Lyra', slug: 'vega', avatar: null };
const note = (id: string, overrides: Partial<NotificationView> = {}): NotificationView => ({
  id, action: 'subscribe', created: '2026-11-22T10:00:00.000Z', actor, metadata: {},
  track: null, comment: null, comment_thread: null, collection: null, album: null, ...overrides,
});
const page = (ids: string[], count = ids.length) => ok({ notifications: ids.map((id) => note(id)), total: ids.length, has_more: false }, { me: aMember({ notification_count: count }) });

/** An answer the test releases when it wants, to look at the state in between. */
function held() {
  let release!: (answer: FakeAnswer) => void;
  const answer = new Promise<FakeAnswer>((resolve) => (release = resolve));
  return { handler: () => answer, release };
}

const read = () => notificationsStore.items.map((n) => [n.id, n.read]);

describe('notifications (spec §4)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember({ notification_count: 3 }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marks a dismissed notification read at once and removes it when the server confirms', async () => {
    const answer = held();
    fakeApi({ 'GET /v1/notifications': page(['a', 'b', 'c']), 'DELETE /v1/notifications/b': answer.handler });
    await loadNotifications();
    const dismissing = dismiss('b');
    expect(read()).toEqual([['a', false], ['b', true], ['c', false]]);
    answer.release(ok(undefined, { me: aMember({ notification_count: 2 }) }));
    expect(await dismissing).toBe(true);
    expect(read()).toEqual([['a', false], ['c', false]]);
    expect(notificationsStore.total).toBe(2);
    expect(session.me?.notification_count).toBe(2);
  });

  it('makes it unread again and says why when the server refuses', async () => {
    fakeApi({ 'GET /v1/notifications': page(['a', 'b']), 'DELETE /v1/notifications/a': failure(500, { title: 'Internal Server Error' }) });
    await loadNotifications();
    expect(await dismiss('a')).toBe(false);
    expect(read()).toEqual([['a', false], ['b', false]]);
    expect(toasts.list).toHaveLength(1);
    expect(toasts.list[0]).toMatchObject({ kind: 'error' });
  });

  it('runs one dismissal at a time: a second one, or dismiss all, is refused while the first runs', async () => {
    const answer = held();
    const api = fakeApi({ 'GET /v1/notifications': page(['a', 'b']), 'DELETE /v1/notifications/a': answer.handler, 'DELETE /v1/notifications/b': ok() });
    await loadNotifications();
    const first = dismiss('a');
    expect(await dismiss('b')).toBe(false);
    expect(await dismissAll()).toBe(false);
    expect(read()).toEqual([['a', true], ['b', false]]);
    answer.release(ok());
    await first;
    expect(api.callsTo('DELETE /v1/notifications/b')).toHaveLength(0);
    expect(await dismiss('b')).toBe(true);
    expect(notificationsStore.items).toEqual([]);
  });

  it('dismiss all marks every one read, empties the list on success', async () => {
    const answer = held();
    fakeApi({ 'GET /v1/notifications': page(['a', 'b']), 'POST /v1/notifications/delete-all': answer.handler });
    await loadNotifications();
    const all = dismissAll();
    expect(read()).toEqual([['a', true], ['b', true]]);
    answer.release(ok(undefined, { me: aMember({ notification_count: 0 }) }));
    expect(await all).toBe(true);
    expect(notificationsStore).toMatchObject({ items: [], total: 0, busy: false });
    expect(session.me?.notification_count).toBe(0);
  });

  it('dismiss all restores the list, unread, when the server refuses', async () => {
    fakeApi({ 'GET /v1/notifications': page(['a', 'b']), 'POST /v1/notifications/delete-all': failure(503, { title: 'Service Unavailable' }) });
    await loadNotifications();
    expect(await dismissAll()).toBe(false);
    expect(read()).toEqual([['a', false], ['b', false]]);
    expect(notificationsStore.busy).toBe(false);
  });

  it('puts a live notification at the top with the pushed count, once', () => {
    receive({ notification: note('n1'), notification_count: 4 });
    receive({ notification: note('n1'), notification_count: 4 });
    expect(read()).toEqual([['n1', false]]);
    expect(session.me?.notification_count).toBe(4);
    receiveCount(1);
    expect(session.me?.notification_count).toBe(1);
  });

  it('drops an answer that arrives after logout', async () => {
    const answer = held();
    fakeApi({ 'GET /v1/notifications': page(['a']), 'DELETE /v1/notifications/a': answer.handler });
    await loadNotifications();
    const dismissing = dismiss('a');
    reset();
    answer.release(failure(500, {}));
    expect(await dismissing).toBe(false);
    expect(notificationsStore).toMatchObject({ items: [], busy: false, loaded: false });
  });
});

describe('notification texts (spec §3)', () => {
  it('name the actor by the display-name rule and what they acted on', () => {
    const track = { id: 7, title: 'Night Signal', slug: 'night-signal', username: 'nova', display_name: null };
    expect(notificationSentence(note('1'), 'nova')).toBe('Vega Lyra subscribed to you');
    expect(notificationSentence(note('2', { action: 'save_track', track, actor: { ...actor, display_name: 'vega' } }), 'nova'))
      .toBe('vega saved Night Signal to their library');
    expect(notificationSentence(note('3', { action: 'comment', track, comment: { id: 1, text: 'lovely', track_id: 7 } }), 'nova'))
      .toBe('Vega Lyra commented on Night Signal: “lovely”');
    expect(notificationSentence(note('4', { action: 'follow_collection', collection: { id: 3, name: 'Drift', slug: 'drift' } }), 'nova'))
      .toBe('Vega Lyra followed your collection Drift');
    const album = note('6', { action: 'new_album', album: { id: 4, title: 'Low Tide', slug: 'low-tide', username: 'vega' } });
    expect(notificationSentence(album, 'nova')).toBe('Vega Lyra released a new album: Low Tide');
    expect(notificationText(album, 'nova').at(-1)).toEqual({ text: 'Low Tide', to: '/vega/albums/4' });
  });

  it('use the metadata for a reply whose track is not shown', () => {
    const reply = note('5', {
      action: 'comment_reply', comment: { id: 2, text: 'thanks', track_id: 9 },
      metadata: { resource_type: 'track', resource_id: 9, resource_title: 'Old Tape', resource_username: 'nova' },
    });
    expect(notificationSentence(reply, 'nova')).toBe('Vega Lyra replied to your comment on Old Tape: “thanks”');
    expect(notificationSentence({ ...reply, metadata: {} }, 'nova')).toBe('Vega Lyra replied to your comment: “thanks”');
  });
});
