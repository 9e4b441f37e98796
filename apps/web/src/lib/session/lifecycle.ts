import { HEADER_NEW_ACCESS_TOKEN, type Me } from '@stardeck/contracts/browser';
import { api } from '../api';
import { adoptSession, hasSignInHint, isConfirmedRecently, isSignedIn, resetSession, session } from './store';
import { listenToOtherTabs, oneTabAtATime, tellOtherTabs } from './tabs';

/**
 * The life of a sign-in (spec §4 Auth): it starts when login or a renewal returns a token and the
 * member, is renewed through POST /v1/sync (one tab at a time), and ends with the logout steps.
 *
 * Features join in without importing one another: the app registers their steps here at start-up
 * (app/session-steps.ts). After login or renewal the player, Sonar and news will load what a member
 * sees; at logout each feature resets its store, in the order they were registered.
 */
type Step = () => void | Promise<void>;

const signInSteps = new Map<string, Step>();
const signOutSteps = new Map<string, Step>();

/** Runs after every login and renewal; steps must be idempotent (connect if not connected…). */
export function onSignIn(name: string, step: Step): () => void {
  signInSteps.set(name, step);
  return () => signInSteps.delete(name);
}

/** Runs at logout, before the server is told, in registration order. */
export function onSignOut(name: string, step: Step): () => void {
  signOutSteps.set(name, step);
  return () => signOutSteps.delete(name);
}

async function runSteps(kind: string, steps: Map<string, Step>): Promise<void> {
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      // One feature failing to reset must not keep the others, or the logout itself, from running.
      console.error(`${kind} step "${name}" failed`, error);
    }
  }
}

/** A response carried a new access token (login or renewal): this tab and the others adopt it. */
export function acceptNewToken(token: string, me: Me): void {
  const confirmedAt = Date.now();
  // Told first: the store then wraps `me` in proxies, which a message cannot carry.
  tellOtherTabs({ type: 'session', token, me, confirmedAt });
  adoptSession(token, me, confirmedAt);
  void runSteps('sign-in', signInSteps);
}

/**
 * Spec §4 logout: every feature's step (stop playback, reset the player, disconnect Sonar, clear
 * news…), then POST /v1/logout if a token exists, then the session is forgotten here and in the
 * other tabs. `callServer: false` when the server already ended it (a refused renewal).
 */
export async function endSession(options: { callServer: boolean; tellTabs?: boolean }): Promise<void> {
  await runSteps('sign-out', signOutSteps);
  const token = session.token;
  if (options.callServer && token) await api('/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  resetSession();
  if (options.tellTabs !== false) tellOtherTabs({ type: 'signed-out' });
}

export type RenewOutcome = 'renewed' | 'refused' | 'unreachable';

let renewing: Promise<RenewOutcome> | null = null;

/**
 * Renews the access token from the refresh cookie. A result younger than 30 s is trusted as it is
 * unless `force` (an access token the server called expired). Tabs take turns (Web Locks); a tab
 * that waited and meanwhile heard another's fresh result uses it instead of calling again.
 */
export function renewSession(options: { force?: boolean } = {}): Promise<RenewOutcome> {
  if (!options.force && isSignedIn() && isConfirmedRecently()) return Promise.resolve('renewed');
  if (renewing) return renewing;
  const heldToken = session.token;
  renewing = oneTabAtATime(() => renewInTurn(heldToken)).finally(() => {
    renewing = null;
  });
  return renewing;
}

async function renewInTurn(heldToken: string | null): Promise<RenewOutcome> {
  // While this tab waited for its turn, another renewed and told us: its token is ours now.
  if (isSignedIn() && session.token !== heldToken) return 'renewed';
  const result = await api<undefined>('/sync', { method: 'POST' });
  if (!result.ok) {
    if (result.failure.kind === 'http' && result.failure.status === 401) {
      // Spec §8: a 401 on sync clears the token and the member, here and in every tab.
      await endSession({ callServer: false });
      return 'refused';
    }
    return 'unreachable';
  }
  const token = result.headers.get(HEADER_NEW_ACCESS_TOKEN);
  const me = result.envelope.me;
  if (!token || !me) return 'unreachable';
  acceptNewToken(token, me);
  return 'renewed';
}

let stopListening: (() => void) | null = null;

/**
 * Start-up (spec §4): follow the other tabs, then renew when this browser has a sign-in. The
 * caller logs a failure and mounts the app regardless.
 */
export async function startSession(): Promise<RenewOutcome | 'signed-out'> {
  stopListening ??= listenToOtherTabs((message) => {
    if (message.type === 'session') {
      if (session.confirmedAt !== null && message.confirmedAt <= session.confirmedAt) return;
      const wasSignedIn = isSignedIn();
      adoptSession(message.token, message.me, message.confirmedAt);
      if (!wasSignedIn) void runSteps('sign-in', signInSteps);
    } else if (isSignedIn()) {
      void endSession({ callServer: false, tellTabs: false });
    }
  });
  if (!hasSignInHint()) return 'signed-out';
  return renewSession({ force: true });
}
