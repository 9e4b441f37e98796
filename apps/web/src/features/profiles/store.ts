import { proxy } from 'valtio';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { setSubscription } from './api/lists';

/**
 * Subscribing (spec §4 Subscribe): one change at a time; a failure is kept for the profile to
 * show. The profile page reloads what the change affects once it succeeded.
 */
export interface ProfilesState {
  /** The member a subscribe or unsubscribe is running for. */
  subscribing: string | null;
  subscribeError: string | null;
}

export const profilesStore = proxy<ProfilesState>({ subscribing: null, subscribeError: null });

/** True when the server agreed; false when refused, or when another change is still running. */
export async function changeSubscription(username: string, subscribe: boolean): Promise<boolean> {
  if (profilesStore.subscribing) return false;
  profilesStore.subscribing = username;
  profilesStore.subscribeError = null;
  const result = await setSubscription(username, subscribe);
  profilesStore.subscribing = null;
  if (!result.ok) {
    profilesStore.subscribeError = result.failure.kind === 'http' ? result.failure.envelope.msg?.description ?? 'Subscription failed' : 'Unable to connect to the server';
    toastFailure(result.failure, { title: 'Subscription', description: 'Subscription failed' });
    return false;
  }
  toastSuccess(result);
  return true;
}

export function reset(): void {
  profilesStore.subscribing = null;
  profilesStore.subscribeError = null;
}
