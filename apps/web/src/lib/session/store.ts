import { LIMITS, type Me } from '@stardeck/contracts/browser';
import { proxy, useSnapshot } from 'valtio';

/**
 * Who is signed in, shared by every feature: the access token (memory only; the refresh token is
 * an httpOnly cookie the page never sees), the member (spec §3 Me), and when the session was last
 * confirmed by the server. The auth feature changes it through these actions; other features only
 * read it (`useMe`, `isSignedIn`).
 */
export interface SessionState {
  token: string | null;
  me: Me | null;
  /** Epoch ms of the last login or renewal; a result younger than LIMITS.syncCacheMs is trusted. */
  confirmedAt: number | null;
}

export const session = proxy<SessionState>({ token: null, me: null, confirmedAt: null });

/**
 * A flag (never the token) that this browser has a sign-in: a visitor's first page then skips
 * the renewal call that could only fail.
 */
const HINT_KEY = 'stardeck:signed-in';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function hasSignInHint(): boolean {
  return storage()?.getItem(HINT_KEY) === '1';
}

function setSignInHint(on: boolean): void {
  const store = storage();
  if (on) store?.setItem(HINT_KEY, '1');
  else store?.removeItem(HINT_KEY);
}

/** A login or renewal answered with a token and the member. */
export function adoptSession(token: string, me: Me, confirmedAt: number = Date.now()): void {
  session.token = token;
  session.me = me;
  session.confirmedAt = confirmedAt;
  setSignInHint(true);
}

/** Any answer's `me` field is the freshest view of the member (notification count, config…). */
export function applyMe(me: Me): void {
  if (session.token) session.me = me;
}

/** The live channel's unread count (spec §3 Me.notification_count), between responses that carry `me`. */
export function applyNotificationCount(count: number): void {
  if (session.me) session.me.notification_count = count;
}

/** The live channel's count of unread direct messages (Me.unread_message_count), between responses that carry `me`. */
export function applyUnreadMessageCount(count: number): void {
  if (session.me) session.me.unread_message_count = count;
}

export function isSignedIn(): boolean {
  return session.token !== null && session.me !== null;
}

/** Spec §4: a sync result is trusted for 30 s; after that a guard renews before trusting it. */
export function isConfirmedRecently(now: number = Date.now()): boolean {
  return session.confirmedAt !== null && now - session.confirmedAt < LIMITS.syncCacheMs;
}

export function resetSession(): void {
  session.token = null;
  session.me = null;
  session.confirmedAt = null;
  setSignInHint(false);
}

/** The signed-in member for a component, or null; re-renders when it changes. */
export function useMe(): Readonly<Me> | null {
  return useSnapshot(session).me;
}
