import type { SonarMessage } from '@stardeck/contracts/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPresence, enterRoom, receiveHistory, receiveMessage, receiveUsers, reset, sonarStore, userJoined } from './store';

const message = (id: number, content = `m${id}`, roomId = 'default'): SonarMessage => ({
  id, roomId, content, replyToId: null, userId: 'u-1', userName: 'vega', timestamp: '2026-11-22T10:00:00.000Z', editedAt: null,
  isDeleted: false, isSystem: false, systemData: null, sharedTrack: null, sharedTrackId: null,
});
const user = (id: string) => ({ id, name: id, isTyping: false, presenceState: 'idle' as const, playback: null });

function setHidden(hidden: boolean) {
  vi.stubGlobal('document', { visibilityState: hidden ? 'hidden' : 'visible' });
}

describe('sonar store', () => {
  afterEach(() => {
    reset();
    vi.unstubAllGlobals();
  });

  it('keeps each message once, in id order, whichever way it arrived', () => {
    receiveMessage(message(3));
    receiveHistory({ roomId: 'default', messages: [message(1), message(3), message(2)], total: 3, hasMore: false });
    receiveMessage(message(2, 'm2 edited'));
    expect(sonarStore.messages.map((m) => [m.id, m.content])).toEqual([[1, 'm1'], [2, 'm2 edited'], [3, 'm3']]);
  });

  it('counts unread messages only while the page is hidden, and each message once', () => {
    receiveMessage(message(1));
    setHidden(true);
    receiveMessage(message(2));
    receiveMessage(message(2));
    receiveMessage(message(3));
    expect(sonarStore.unread).toBe(2);
  });

  it('initial data is complete once both the history and the user list arrived', () => {
    receiveUsers([user('a')]);
    expect(sonarStore.initialLoaded).toBe(false);
    receiveHistory({ roomId: 'default', messages: [], total: 0, hasMore: false });
    expect(sonarStore.initialLoaded).toBe(true);
  });

  it('a disconnect clears users and typing; changing room clears messages and users too', () => {
    receiveMessage(message(1));
    userJoined({ ...user('a'), isTyping: true });
    clearPresence();
    expect(sonarStore.users).toEqual([]);
    expect(sonarStore.messages).toHaveLength(1);
    userJoined(user('b'));
    enterRoom('late-night');
    expect(sonarStore).toMatchObject({ roomId: 'late-night', messages: [], users: [] });
    receiveMessage(message(9, 'from the old room', 'default'));
    expect(sonarStore.messages).toEqual([]);
  });
});
