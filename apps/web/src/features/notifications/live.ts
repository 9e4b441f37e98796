import { REALTIME_AUTH_ERRORS, REALTIME_EVENTS, type NotificationCountPush, type NotificationPush } from '@stardeck/contracts/browser';
import type { Socket } from 'socket.io-client';
import { renewSession } from '../../lib/session/lifecycle';
import { isSignedIn, session } from '../../lib/session/store';
import { loadNotifications, notificationsStore, receive, receiveCount } from './store';

/**
 * The tab's one live connection (README "Live notifications"). socket.io-client is loaded on the
 * first sign-in, so visitors never download it. The token is read at every attempt, so a
 * reconnection always carries the newest one.
 *
 * The server refuses a handshake with an expired token and ends a connection when its token
 * expires; Socket.IO does not retry either by itself. The tab then renews its session, and the
 * renewal's sign-in step (connectLive) opens the connection again with the new token. A renewal
 * the server refuses logs the member out, which closes the connection for good.
 */
let socket: Socket | null = null;
/** What other features hear on this connection (app/session-steps wires them), kept across reconnections. */
type LiveListener = Parameters<Socket['on']>[1];
const extraListeners: [event: string, listener: LiveListener][] = [];
let opening: Promise<void> | null = null;
/** Renewals asked for in a row without a connection in between: a server that keeps refusing is not asked forever. */
let renewalsInARow = 0;
const MAX_RENEWALS_IN_A_ROW = 3;

/**
 * Hears `event` on the tab's live connection, now and after every reconnection. For events of
 * other features (direct messages): they do not import this one, the app wires them here.
 */
export function onLiveEvent<T>(event: string, listener: (payload: T) => void): void {
  extraListeners.push([event, listener as LiveListener]);
  socket?.on(event, listener);
}

/** Sign-in step: opens the connection, or reopens it after a renewal; idempotent. */
export function connectLive(): Promise<void> {
  if (!isSignedIn()) return Promise.resolve();
  if (socket) {
    if (!socket.connected && !socket.active) socket.connect();
    return Promise.resolve();
  }
  opening ??= open().finally(() => {
    opening = null;
  });
  return opening;
}

async function open(): Promise<void> {
  const { io } = await import('socket.io-client');
  if (socket || !isSignedIn()) return;
  const connection = io({
    path: '/socket.io',
    auth: (give) => give({ token: session.token ?? '' }),
    // Straight to a websocket: with several API processes, polling would need sticky sessions.
    transports: ['websocket', 'polling'],
  });
  let connectedBefore = false;
  connection.on('connect', () => {
    renewalsInARow = 0;
    // After a gap, what arrived meanwhile is fetched rather than lost.
    if (connectedBefore && notificationsStore.loaded) void loadNotifications();
    connectedBefore = true;
  });
  connection.on(REALTIME_EVENTS.notification, (push: NotificationPush) => receive(push));
  connection.on(REALTIME_EVENTS.notificationCount, (push: NotificationCountPush) => {
    receiveCount(push.notification_count);
    // Dismissed in another tab: the shown list catches up (this tab's own dismissals already did).
    if (notificationsStore.loaded && !notificationsStore.busy && push.notification_count !== notificationsStore.total) void loadNotifications();
  });
  for (const [event, listener] of extraListeners) connection.on(event, listener);
  connection.on('connect_error', (error: Error) => {
    // Transport trouble is retried by Socket.IO itself; a refused handshake is not.
    if (connection.active) return;
    if (error.message === REALTIME_AUTH_ERRORS.expired || error.message === REALTIME_AUTH_ERRORS.invalid) renew(connection);
  });
  connection.on('disconnect', (reason) => {
    // The server ended it: its token expired or its sign-in ended.
    if (reason === 'io server disconnect') renew(connection);
  });
  socket = connection;
}

function renew(connection: Socket): void {
  if (socket !== connection || !isSignedIn() || renewalsInARow >= MAX_RENEWALS_IN_A_ROW) return;
  renewalsInARow += 1;
  void renewSession({ force: true }).then((outcome) => {
    // 'renewed' ran the sign-in steps, which reconnect; 'refused' logged out, which disconnected.
    if (outcome === 'unreachable' && socket === connection) setTimeout(() => void connectLive(), 3_000);
  });
}

/** Sign-out step: closes the connection; the next sign-in opens a new one. */
export function disconnectLive(): void {
  const connection = socket;
  socket = null;
  renewalsInARow = 0;
  connection?.removeAllListeners();
  connection?.disconnect();
}
