import { REALTIME_AUTH_ERRORS, REALTIME_EVENTS } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, onSignIn, onSignOut } from '../../lib/session/lifecycle';
import { adoptSession, resetSession, session } from '../../lib/session/store';
import { aMember, fakeApi, ok } from '../../testing/fake-fetch';
import { connectLive, disconnectLive } from './live';
import { loadNotifications, notificationsStore, reset } from './store';

/** A stand-in for a Socket.IO client socket: records what the module asks of it, and lets the test emit. */
class FakeSocket {
  handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  connected = false;
  active = true;
  connects = 0;
  constructor(readonly options: { auth: (give: (data: { token: string }) => void) => void }) {}
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** The token the next handshake would carry. */
  token() {
    let token = '';
    this.options.auth((data) => (token = data.token));
    return token;
  }
  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: FakeSocket['options']) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));

const renewed = (token: string) => ok(undefined, { me: aMember() }, { 'x-new-access-token': token });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live channel (one connection per tab)', () => {
  const off: Array<() => void> = [];
  beforeEach(() => {
    sockets.length = 0;
    resetSession();
    reset();
    adoptSession('t0', aMember({ notification_count: 0 }));
    off.push(onSignIn('notifications', connectLive), onSignOut('notifications', disconnectLive));
  });
  afterEach(() => {
    disconnectLive();
    for (const undo of off.splice(0)) undo();
    vi.unstubAllGlobals();
  });

  it('opens one connection however often sign-in steps run, with the current token', async () => {
    await Promise.all([connectLive(), connectLive()]);
    await connectLive();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.token()).toBe('t0');
  });

  it('puts pushed notifications and counts into the store and the badge', async () => {
    await connectLive();
    const socket = sockets[0]!;
    socket.emit(REALTIME_EVENTS.notification, {
      notification: { id: 'n1', action: 'subscribe', created: '2026-11-22T10:00:00.000Z', actor: { id: 'u-2', username: 'vega', display_name: null, slug: 'vega', avatar: null }, metadata: {}, track: null, comment: null, comment_thread: null, collection: null, album: null },
      notification_count: 1,
    });
    expect(notificationsStore.items.map((n) => n.id)).toEqual(['n1']);
    expect(session.me?.notification_count).toBe(1);
    socket.emit(REALTIME_EVENTS.notificationCount, { notification_count: 0 });
    expect(session.me?.notification_count).toBe(0);
  });

  it('reloads a shown list when another tab dismissed from it', async () => {
    const api = fakeApi({ 'GET /v1/notifications': [ok({ notifications: [], total: 2, has_more: false }), ok({ notifications: [], total: 1, has_more: false })] });
    await connectLive();
    await loadNotifications();
    sockets[0]!.emit(REALTIME_EVENTS.notificationCount, { notification_count: 2 });
    expect(api.callsTo('GET /v1/notifications')).toHaveLength(1);
    sockets[0]!.emit(REALTIME_EVENTS.notificationCount, { notification_count: 1 });
    await vi.waitFor(() => expect(notificationsStore.total).toBe(1));
    expect(api.callsTo('GET /v1/notifications')).toHaveLength(2);
  });

  it('reconnects with a renewed token when the server ends the connection', async () => {
    const api = fakeApi({ 'POST /v1/sync': renewed('t1') });
    await connectLive();
    const socket = sockets[0]!;
    socket.connected = true;
    socket.emit(REALTIME_EVENTS.sessionEnded, { reason: REALTIME_AUTH_ERRORS.expired });
    socket.connected = false;
    socket.active = false;
    socket.emit('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(api.callsTo('POST /v1/sync')).toHaveLength(1);
    expect(socket.token()).toBe('t1');
    expect(sockets).toHaveLength(1);
  });

  it('renews and retries when the handshake is refused for an expired token', async () => {
    fakeApi({ 'POST /v1/sync': renewed('t2') });
    await connectLive();
    const socket = sockets[0]!;
    socket.active = false;
    socket.emit('connect_error', new Error(REALTIME_AUTH_ERRORS.expired));
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(socket.token()).toBe('t2');
  });

  it('closes at logout and opens a new connection at the next sign-in', async () => {
    fakeApi({});
    await connectLive();
    await endSession({ callServer: false });
    expect(sockets[0]!.active).toBe(false);
    await settle();
    adoptSession('t3', aMember());
    await connectLive();
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.token()).toBe('t3');
  });
});
