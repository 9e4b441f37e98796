/**
 * Sonar, the realtime chat room (spec §1, §3, §7, §8, §9): events, protocol names, limits,
 * messages and the content rule both the gateway and the page apply.
 */

/** Spec §9 chat constants. */
export const SONAR = {
  defaultRoom: 'default',
  historyPage: 64,
  historyPageMax: 200,
  contentMax: 4096,
  /** A member may edit a message this long after posting it. */
  editWindowMs: 30 * 60 * 1000,
  pingMs: 30_000,
  reconnectAttempts: 5,
  reconnectDelayMs: 3000,
  /** A reconnect this soon after a disconnect is "rapid": no leave/enter messages. */
  rapidWindowMs: 5000,
  initialDataTimeoutMs: 3000,
  /** Chat tokens open a socket only; a short life limits what a leaked one is worth. */
  tokenTtlSeconds: 300,
  /** Messages (posts, edits, deletes) one member may send in a window, across every API process. */
  rateLimit: { limit: 10, windowSeconds: 10 },
  /** Stop showing "typing" if the typist goes quiet without saying so. */
  typingTimeoutMs: 5000,
  /**
   * A socket's typing toggles reach the room at most this often; toggles closer together are
   * coalesced and the latest state goes out when the interval ends.
   */
  typingMinIntervalMs: 1000,
  /**
   * "Entered"/"left" notices are kept in the room's history, so each member's are limited: an
   * enter notice counts against this budget (across every API process and room), and a leave
   * notice is written only after an enter notice of the member in that room. Past the budget the
   * room still sees the member come and go live (user_joined, user_left), just not in its history.
   */
  presenceNotices: { limit: 10, windowSeconds: 300 },
  deletePreviewChars: 100,
} as const;

/**
 * Listen along: a host's player state rides on their presence updates (ephemeral, never logged);
 * followers keep their own player within `toleranceSeconds` of it.
 */
export const LISTEN_ALONG = {
  /** The host repeats their state this often while playing, so a follower corrects any drift. */
  heartbeatMs: 2000,
  /** A follower further than this from the host seeks back in line. */
  toleranceSeconds: 0.75,
  /** A presence update (with or without playback) is accepted at most this often per socket. */
  minUpdateIntervalMs: 150,
} as const;

/** What a host's player is doing: the track, where it is, and whether it plays. */
export interface SonarPlayback {
  trackId: number;
  /** Seconds into the track when the update was sent. */
  position: number;
  playing: boolean;
}

/** A playback from the wire: the value, null for "stopped", or undefined when it is malformed. */
export function checkPlayback(value: unknown): SonarPlayback | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { trackId, position, playing } = value as Record<string, unknown>;
  if (typeof trackId !== 'number' || !Number.isSafeInteger(trackId) || trackId < 1) return undefined;
  if (typeof position !== 'number' || !Number.isFinite(position) || position < 0 || position > 24 * 3600) return undefined;
  if (typeof playing !== 'boolean') return undefined;
  return { trackId, position, playing };
}

export const SONAR_NAMESPACE = '/sonar';

/** Room ids: short, URL-safe names. */
export const SONAR_ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What the client sends. */
export const SONAR_CLIENT_EVENTS = {
  message: 'message',
  editMessage: 'edit_message',
  deleteMessage: 'delete_message',
  typing: 'typing',
  presenceUpdate: 'presence_update',
  ping: 'ping',
} as const;

/** What the server sends. */
export const SONAR_SERVER_EVENTS = {
  newMessage: 'new_message',
  messageEdited: 'message_edited',
  messageDeleted: 'message_deleted',
  history: 'history',
  userList: 'user_list',
  userJoined: 'user_joined',
  userLeft: 'user_left',
  typingIndicator: 'typing_indicator',
  presenceUpdated: 'presence_updated',
  error: 'error',
  pong: 'pong',
} as const;

export const SONAR_PRESENCE_STATES = ['idle', 'active', 'away', 'listening'] as const;
export type SonarPresenceState = (typeof SONAR_PRESENCE_STATES)[number];

/** Spec §8 chat texts, and the reasons the gateway gives in `error` events. */
export const SONAR_MSG = {
  notConnected: 'Not connected to chat',
  tokenFetchFailed: 'Unable to fetch authentication token',
  noValidToken: 'No valid authentication token',
  connectionError: 'Connection error occurred',
  connectFailed: 'Failed to establish connection',
  editFailed: 'Failed to edit message',
  deleteFailed: 'Failed to delete message',
  noMessageId: 'No message ID provided',
  deletedContent: 'message deleted by user',
  contentRequired: 'Message cannot be empty',
  contentTooLong: 'Message cannot exceed 4096 characters',
  rateLimited: 'You are sending messages too fast. Please wait a moment.',
  messageNotFound: 'Message not found',
  editNotAllowed: 'Only the author can edit a message',
  editWindowClosed: 'Messages can only be edited within 30 minutes',
  deleteNotAllowed: 'Only the author or an admin can delete a message',
  replyNotFound: 'The message you replied to is not in this room',
  invalidRoom: 'Invalid room',
  trackNotFound: 'Track not found',
  shareNotPublic: 'Only public tracks can be shared in the room',
  badRequest: 'Invalid chat request',
  tokenTitle: 'Chat',
} as const;

/** Spec §5 message rule: 1 to 4096 characters after trim. Returns the message to show, or null. */
export function checkChatContent(content: unknown): string | null {
  if (typeof content !== 'string') return SONAR_MSG.contentRequired;
  const trimmed = content.trim();
  if (!trimmed) return SONAR_MSG.contentRequired;
  if (trimmed.length > SONAR.contentMax) return SONAR_MSG.contentTooLong;
  return null;
}

export const sonarSystemText = {
  entered: (name: string) => `${name} has entered the building`,
  left: (name: string) => `${name} has left the building`,
};

/** One chat message as the client sees it (spec §3 Chat). */
export interface SonarMessage {
  id: number;
  roomId: string;
  content: string;
  replyToId: number | null;
  userId: string | null;
  userName: string;
  timestamp: string;
  editedAt: string | null;
  isDeleted: boolean;
  isSystem: boolean;
  systemData: { kind: 'entered' | 'left'; userId: string; userName: string } | null;
  /** The track shared with this message, as its card shows it; null when none, or when it is no longer public. */
  sharedTrack: SonarSharedTrack | null;
  /** Set whenever a track was shared, even one no longer public (the card then says so). */
  sharedTrackId: number | null;
}

export interface SonarSharedTrack {
  id: number;
  title: string;
  username: string;
  /** The owner's display name, else their username. */
  userName: string;
  durationSeconds: number | null;
}

export interface SonarUser {
  id: string;
  name: string;
  isTyping: boolean;
  presenceState: SonarPresenceState;
  /** What the member's player is doing, while they share it for listening along; else null. */
  playback: SonarPlayback | null;
}

export interface SonarRoomInfo {
  roomId: string;
  messageCount: number;
  userCount: number;
}

export interface SonarHistory {
  roomId: string;
  messages: SonarMessage[];
  total: number;
  hasMore: boolean;
}

/**
 * A refusal on the chat socket (the `error` event): `message` is the text to show, and the rest is
 * the envelope HTTP would answer the same request with (spec §8), so a 400 reads the same on both.
 */
export interface SonarError {
  message: string;
  /** The client's request id when the error answers one (an edit or delete dialog waits for it). */
  requestId?: string;
  status: 'error';
  status_code: number;
  msg: { title: string; description: string };
  /** Per-field messages of a refused payload, keyed by field, as HTTP gives them. */
  errors?: Record<string, string>;
}

/** The acknowledgement of a writing request: the message on success, else the refusal's text and status. */
export type SonarAck =
  | { ok: true; message?: SonarMessage }
  | { ok: false; error: string; status_code: number; errors?: Record<string, string> };

export interface SonarTokenData {
  token: string;
  expires_at: string;
}
