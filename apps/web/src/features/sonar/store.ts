import { SONAR, type SonarHistory, type SonarMessage, type SonarPlayback, type SonarPresenceState, type SonarUser } from '@stardeck/contracts/browser';
import { proxy, useSnapshot } from 'valtio';

export type SonarStatus = 'idle' | 'connecting' | 'connected' | 'closed' | 'error';

export interface SonarState {
  status: SonarStatus;
  /** The last chat error of spec §8, shown above the composer. */
  error: string | null;
  token: string | null;
  tokenExpiresAt: number | null;
  roomId: string;
  messages: SonarMessage[];
  users: SonarUser[];
  replyingTo: SonarMessage | null;
  /** Messages that arrived while the page was hidden. */
  unread: number;
  /** History and user list both arrived, or the initial-data timeout passed. */
  initialLoaded: boolean;
  historyLoaded: boolean;
  usersLoaded: boolean;
  /** Listen along: whose player this member's follows, and whether this member shares their own. */
  followingId: string | null;
  hosting: boolean;
  /** Why the last listen-along ended on its own (the host stopped or left), to show once. */
  listenAlongEnded: string | null;
  /** The room holds messages older than the oldest shown, and a page of them is on its way. */
  olderAvailable: boolean;
  loadingOlder: boolean;
  /** How many messages the room holds (its info), once known. */
  messageCount: number | null;
}

const initial = (): SonarState => ({
  status: 'idle', error: null, token: null, tokenExpiresAt: null, roomId: SONAR.defaultRoom, messages: [], users: [], replyingTo: null,
  unread: 0, initialLoaded: false, historyLoaded: false, usersLoaded: false, followingId: null, hosting: false, listenAlongEnded: null,
  olderAvailable: false, loadingOlder: false, messageCount: null,
});

/**
 * When each member's player state last arrived (by user id), outside the proxy: a follower
 * reckons how far the host has played since from it. Not shared between tabs or members.
 */
export const playbackReceivedAt = new Map<string, number>();

/** Sonar's long-lived state (spec §3 Chat); the socket itself lives in connection.ts. */
export const sonarStore = proxy<SonarState>(initial());

export function reset(): void {
  Object.assign(sonarStore, initial());
  playbackReceivedAt.clear();
}

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/** Adds or replaces by id, keeping the list in id order: a message heard twice (two paths, a reconnect) shows once. */
export function upsertMessages(incoming: readonly SonarMessage[]): number {
  const byId = new Map(sonarStore.messages.map((m) => [m.id, m] as const));
  let added = 0;
  for (const message of incoming) {
    if (message.roomId !== sonarStore.roomId) continue;
    if (!byId.has(message.id)) added += 1;
    byId.set(message.id, message);
  }
  sonarStore.messages = [...byId.values()].sort((a, b) => a.id - b.id);
  return added;
}

export function receiveMessage(message: SonarMessage): void {
  const added = upsertMessages([message]);
  if (added > 0 && isHidden()) sonarStore.unread += added;
  if (sonarStore.messageCount !== null) sonarStore.messageCount += added;
}

export function receiveHistory(history: SonarHistory): void {
  upsertMessages(history.messages);
  sonarStore.olderAvailable = history.hasMore;
  sonarStore.messageCount = history.total;
  sonarStore.historyLoaded = true;
  sonarStore.initialLoaded = sonarStore.usersLoaded;
}

export function receiveUsers(users: SonarUser[]): void {
  const now = Date.now();
  for (const user of users) if (user.playback) playbackReceivedAt.set(user.id, now);
  sonarStore.users = users;
  sonarStore.usersLoaded = true;
  sonarStore.initialLoaded = sonarStore.historyLoaded;
}

export function userJoined(user: SonarUser): void {
  if (user.playback) playbackReceivedAt.set(user.id, Date.now());
  sonarStore.users = [...sonarStore.users.filter((u) => u.id !== user.id), user];
}

export function userLeft(userId: string): void {
  sonarStore.users = sonarStore.users.filter((u) => u.id !== userId);
}

export function setTypingOf(userId: string, isTyping: boolean): void {
  sonarStore.users = sonarStore.users.map((u) => (u.id === userId ? { ...u, isTyping } : u));
}

export function setPresenceOf(userId: string, presenceState: SonarPresenceState, playback: SonarPlayback | null = null): void {
  playbackReceivedAt.set(userId, Date.now());
  sonarStore.users = sonarStore.users.map((u) => (u.id === userId ? { ...u, presenceState, playback } : u));
}

/** Spec §4: on disconnect the users and typing sets are cleared; messages stay. */
export function clearPresence(): void {
  sonarStore.users = [];
  sonarStore.usersLoaded = false;
}

/** Spec §4: changing room clears messages and users. */
export function enterRoom(roomId: string): void {
  sonarStore.roomId = roomId;
  sonarStore.messages = [];
  sonarStore.users = [];
  sonarStore.replyingTo = null;
  sonarStore.historyLoaded = false;
  sonarStore.usersLoaded = false;
  sonarStore.initialLoaded = false;
  sonarStore.olderAvailable = false;
  sonarStore.loadingOlder = false;
  sonarStore.messageCount = null;
}

export function setReplyingTo(message: SonarMessage | null): void {
  sonarStore.replyingTo = message ? { ...message } : null;
}

export function markRead(): void {
  sonarStore.unread = 0;
}

export function useSonar() {
  return useSnapshot(sonarStore);
}
