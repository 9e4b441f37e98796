import {
  REALTIME_AUTH_ERRORS, SONAR, SONAR_CLIENT_EVENTS, SONAR_MSG, SONAR_NAMESPACE, SONAR_SERVER_EVENTS, checkChatContent,
  type SonarError, type SonarHistory, type SonarMessage, type SonarPlayback, type SonarPresenceState, type SonarUser,
} from '@stardeck/contracts/browser';
import type { Socket } from 'socket.io-client';
import { isSignedIn } from '../../lib/session/store';
import { getSonarToken } from './api/get-token';
import {
  clearPresence, enterRoom, receiveHistory, receiveMessage, receiveUsers, setPresenceOf, setReplyingTo, setTypingOf, sonarStore, upsertMessages,
  userJoined, userLeft,
} from './store';

/**
 * The chat socket (spec §4 Sonar, §7). socket.io-client is loaded on first use. Its own manager
 * (not shared with the notifications connection) holds the spec's policy: up to 5 reconnects,
 * 3 s apart. Every attempt asks for the handshake again, with a chat token that is renewed when
 * it is about to expire and the rapid-reconnect flag when the last disconnect was under 5 s ago.
 */
let socket: Socket | null = null;
let lastDisconnectAt: number | null = null;
let pingTimer: ReturnType<typeof setInterval> | null = null;
let initialTimer: ReturnType<typeof setTimeout> | null = null;
/** A refused handshake because the token had just expired is retried once with a new token. */
let retriedToken = false;

type Ack = { ok: true; message?: SonarMessage } | { ok: false; error: string };
const REQUEST_TIMEOUT_MS = 10_000;
const TOKEN_MARGIN_MS = 30_000;

async function freshToken(): Promise<string | null> {
  if (sonarStore.token && sonarStore.tokenExpiresAt && sonarStore.tokenExpiresAt - Date.now() > TOKEN_MARGIN_MS) return sonarStore.token;
  const result = await getSonarToken();
  if (!result.ok) {
    sonarStore.error = SONAR_MSG.tokenFetchFailed;
    return null;
  }
  const data = result.envelope.data;
  if (!data?.token) {
    sonarStore.error = SONAR_MSG.noValidToken;
    return null;
  }
  sonarStore.token = data.token;
  sonarStore.tokenExpiresAt = Date.parse(data.expires_at);
  scheduleRenewal();
  return data.token;
}

let renewalTimer: ReturnType<typeof setTimeout> | null = null;

/** Renews the chat token before it expires, so a reconnect never waits for one (nor starts with a dead one). */
function scheduleRenewal(): void {
  if (renewalTimer) clearTimeout(renewalTimer);
  const due = (sonarStore.tokenExpiresAt ?? 0) - Date.now() - TOKEN_MARGIN_MS;
  renewalTimer = setTimeout(() => {
    renewalTimer = null;
    if (socket && isSignedIn()) void freshToken();
  }, Math.max(due + 1000, 1000));
}

const isRapid = () => lastDisconnectAt !== null && Date.now() - lastDisconnectAt < SONAR.rapidWindowMs;

/** Joins a room (the default one unless told), or stays in it when already there; idempotent. */
export async function connectSonar(roomId: string = sonarStore.roomId): Promise<void> {
  if (!isSignedIn()) return;
  if (socket && roomId === sonarStore.roomId) {
    if (!socket.connected && !socket.active) socket.connect();
    return;
  }
  if (socket) disconnectSonar();
  if (roomId !== sonarStore.roomId) enterRoom(roomId);
  sonarStore.status = 'connecting';
  sonarStore.error = null;
  const { io } = await import('socket.io-client');
  if (socket || !isSignedIn()) return;
  const connection = io(SONAR_NAMESPACE, {
    auth: (give) => {
      void freshToken().then((token) => give({ token: token ?? '', roomId, rapidReconnect: isRapid() }));
    },
    forceNew: true,
    transports: ['websocket', 'polling'],
    reconnectionAttempts: SONAR.reconnectAttempts,
    reconnectionDelay: SONAR.reconnectDelayMs,
    reconnectionDelayMax: SONAR.reconnectDelayMs,
    randomizationFactor: 0,
  });
  socket = connection;
  listen(connection);
}

function listen(connection: Socket): void {
  connection.on('connect', () => {
    for (const listener of connectListeners) listener();
    retriedToken = false;
    sonarStore.status = 'connected';
    sonarStore.error = null;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = setInterval(() => connection.emit(SONAR_CLIENT_EVENTS.ping, {}), SONAR.pingMs);
    if (initialTimer) clearTimeout(initialTimer);
    initialTimer = setTimeout(() => {
      sonarStore.initialLoaded = true;
    }, SONAR.initialDataTimeoutMs);
  });
  connection.on('disconnect', (reason) => {
    lastDisconnectAt = Date.now();
    if (pingTimer) clearInterval(pingTimer);
    clearPresence();
    if (reason === 'io client disconnect') {
      sonarStore.status = 'closed';
      return;
    }
    sonarStore.status = 'connecting';
    // The server ended it (its process stopping, a revoked sign-in): Socket.IO does not retry that by itself.
    if (reason === 'io server disconnect') connection.connect();
  });
  connection.on('connect_error', (error: Error) => {
    if (connection.active) {
      sonarStore.status = 'connecting';
      sonarStore.error = SONAR_MSG.connectionError;
      return;
    }
    if (error.message === REALTIME_AUTH_ERRORS.expired && !retriedToken) {
      retriedToken = true;
      sonarStore.token = null;
      connection.connect();
      return;
    }
    sonarStore.status = 'error';
    // Too many tabs: the server's refusal says what to do.
    if (error.message === REALTIME_AUTH_ERRORS.tooMany) sonarStore.error = error.message;
    else if (sonarStore.error !== SONAR_MSG.tokenFetchFailed) sonarStore.error = SONAR_MSG.noValidToken;
  });
  connection.io.on('reconnect_failed', () => {
    sonarStore.status = 'error';
    sonarStore.error = SONAR_MSG.connectFailed;
  });
  connection.on(SONAR_SERVER_EVENTS.history, (history: SonarHistory) => receiveHistory(history));
  connection.on(SONAR_SERVER_EVENTS.userList, (payload: { users: SonarUser[] }) => receiveUsers(payload.users));
  connection.on(SONAR_SERVER_EVENTS.userJoined, (payload: { user: SonarUser }) => userJoined(payload.user));
  connection.on(SONAR_SERVER_EVENTS.userLeft, (payload: { userId: string }) => userLeft(payload.userId));
  connection.on(SONAR_SERVER_EVENTS.newMessage, (message: SonarMessage) => receiveMessage(message));
  connection.on(SONAR_SERVER_EVENTS.messageEdited, (message: SonarMessage) => upsertMessages([message]));
  connection.on(SONAR_SERVER_EVENTS.messageDeleted, (message: SonarMessage) => upsertMessages([message]));
  connection.on(SONAR_SERVER_EVENTS.typingIndicator, (payload: { userId: string; isTyping: boolean }) => setTypingOf(payload.userId, payload.isTyping));
  connection.on(SONAR_SERVER_EVENTS.presenceUpdated, (payload: { userId: string; presenceState: SonarPresenceState; playback?: SonarPlayback | null }) => {
    setPresenceOf(payload.userId, payload.presenceState, payload.playback ?? null);
  });
  // Refusals of a request with an id answer that request (a dialog shows them); the rest show above the composer.
  connection.on(SONAR_SERVER_EVENTS.error, (payload: SonarError) => {
    if (!payload?.requestId) sonarStore.error = payload?.message ?? SONAR_MSG.connectionError;
  });
}

async function request(event: string, payload: object): Promise<Ack> {
  const connection = socket;
  if (!connection?.connected) return { ok: false, error: SONAR_MSG.notConnected };
  try {
    return (await connection.timeout(REQUEST_TIMEOUT_MS).emitWithAck(event, { ...payload, requestId: `${event}-${Date.now()}` })) as Ack;
  } catch {
    return { ok: false, error: SONAR_MSG.connectionError };
  }
}

/** Sends a message (a reply when one is chosen; a track card when one is shared); returns the error shown, or null. */
export async function sendMessage(content: string, sharedTrackId: number | null = null): Promise<string | null> {
  if (!socket?.connected) return (sonarStore.error = SONAR_MSG.notConnected);
  const problem = checkChatContent(content);
  if (problem) return (sonarStore.error = problem);
  const reply = await request(SONAR_CLIENT_EVENTS.message, {
    content: content.trim(), replyToId: sonarStore.replyingTo?.id ?? null, ...(sharedTrackId === null ? {} : { sharedTrackId }),
  });
  if (!reply.ok) return (sonarStore.error = reply.error);
  if (reply.message) receiveMessage(reply.message);
  sonarStore.error = null;
  setReplyingTo(null);
  setTyping(false);
  return null;
}

/** For the edit dialog: the error to show inline, or null once saved. */
export async function editMessage(messageId: number | null, content: string): Promise<string | null> {
  if (!messageId) return SONAR_MSG.noMessageId;
  const reply = await request(SONAR_CLIENT_EVENTS.editMessage, { messageId, content: content.trim() });
  if (!reply.ok) return reply.error === SONAR_MSG.notConnected ? reply.error : `${SONAR_MSG.editFailed}: ${reply.error}`;
  if (reply.message) upsertMessages([reply.message]);
  return null;
}

/** For the delete dialog: the error to show inline, or null once deleted. */
export async function deleteMessage(messageId: number | null): Promise<string | null> {
  if (!messageId) return SONAR_MSG.noMessageId;
  const reply = await request(SONAR_CLIENT_EVENTS.deleteMessage, { messageId });
  if (!reply.ok) return reply.error === SONAR_MSG.notConnected ? reply.error : `${SONAR_MSG.deleteFailed}: ${reply.error}`;
  if (reply.message) upsertMessages([reply.message]);
  return null;
}

let typing = false;
export function setTyping(isTyping: boolean): void {
  if (typing === isTyping || !socket?.connected) return;
  typing = isTyping;
  socket.emit(SONAR_CLIENT_EVENTS.typing, { isTyping });
}

/** Presence, with the player state when it changes (listen along: undefined leaves it as it was). */
export function setPresence(state: SonarPresenceState, playback?: SonarPlayback | null): void {
  socket?.emit(SONAR_CLIENT_EVENTS.presenceUpdate, playback === undefined ? { state } : { state, playback });
}

export function isSonarConnected(): boolean {
  return socket?.connected === true;
}

const connectListeners = new Set<() => void>();

/** Runs `listener` on every (re)connection, so a host can share their player state again. */
export function onSonarConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

/** Sign-out step and room change: closes the socket; connectSonar opens a new one. */
export function disconnectSonar(): void {
  const connection = socket;
  socket = null;
  typing = false;
  lastDisconnectAt = null;
  if (pingTimer) clearInterval(pingTimer);
  if (initialTimer) clearTimeout(initialTimer);
  if (renewalTimer) clearTimeout(renewalTimer);
  renewalTimer = null;
  connection?.removeAllListeners();
  connection?.io.removeAllListeners();
  connection?.disconnect();
  clearPresence();
  sonarStore.status = 'closed';
}
