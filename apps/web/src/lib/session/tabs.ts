import type { Me } from '@stardeck/contracts/browser';

/**
 * What one tab tells the others of this site, so that all of them stay on one sign-in: the refresh
 * cookie is shared by every tab, but each holds its own access token in memory.
 */
export type TabMessage =
  | { type: 'session'; token: string; me: Me; confirmedAt: number }
  | { type: 'signed-out' };

const CHANNEL = 'stardeck:session';
const RENEW_LOCK = 'stardeck:session-renewal';

let channel: BroadcastChannel | null = null;

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

export function tellOtherTabs(message: TabMessage): void {
  openChannel()?.postMessage(message);
}

/** Listens for the other tabs; returns the function that stops listening. */
export function listenToOtherTabs(handle: (message: TabMessage) => void): () => void {
  const open = openChannel();
  if (!open) return () => undefined;
  const listener = (event: MessageEvent<TabMessage>) => handle(event.data);
  open.addEventListener('message', listener);
  return () => open.removeEventListener('message', listener);
}

/**
 * Runs `work` while no other tab of this site runs its own (Web Locks). Renewals in several tabs
 * then go one after another, each sending the cookie the previous one set, instead of presenting
 * the same cookie at once. Browsers without Web Locks run it directly; the server's reuse window
 * covers them.
 */
export function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(RENEW_LOCK, work) as Promise<T>;
}
