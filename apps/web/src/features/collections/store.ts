import { proxy, useSnapshot } from 'valtio';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { setCollectionFollow } from './api/follow';
import { optimisticFollow, shownFollow, type FollowChange, type FollowState } from './follow';

/**
 * Follows of collections made here, by collection id, so a card and the collection's page agree
 * until the collection is loaded again; and the follows still waiting for the server.
 */
export interface CollectionsState {
  follows: Record<number, FollowChange>;
  busy: Record<number, true>;
}

export const collectionsStore = proxy<CollectionsState>({ follows: {}, busy: {} });

/**
 * Spec §4: the count and the button change at once; a refusal puts both back and says why. A
 * second click while the first is on its way does nothing. True when the server agreed.
 */
export async function toggleFollow(collectionId: number, loaded: FollowState): Promise<boolean> {
  if (collectionsStore.busy[collectionId]) return false;
  const previous = collectionsStore.follows[collectionId];
  const before = shownFollow(loaded, previous);
  const from = { is_following: loaded.is_following, followers_count: loaded.followers_count };
  collectionsStore.follows[collectionId] = { from, now: optimisticFollow(before, !before.is_following) };
  collectionsStore.busy[collectionId] = true;
  const result = await setCollectionFollow(collectionId, !before.is_following);
  delete collectionsStore.busy[collectionId];
  if (!result.ok) {
    if (previous) collectionsStore.follows[collectionId] = previous;
    else delete collectionsStore.follows[collectionId];
    toastFailure(result.failure, { title: 'Collection', description: 'Failed to update the follow' });
    return false;
  }
  const answer = result.envelope.data!;
  collectionsStore.follows[collectionId] = { from, now: { is_following: answer.is_following, followers_count: answer.followers_count } };
  toastSuccess(result);
  return true;
}

/** The follow state to show for a loaded collection, and whether a change is on its way. */
export function useFollow(collectionId: number, loaded: FollowState): { state: FollowState; busy: boolean } {
  const snap = useSnapshot(collectionsStore);
  return { state: shownFollow(loaded, snap.follows[collectionId]), busy: Boolean(snap.busy[collectionId]) };
}

export function reset(): void {
  collectionsStore.follows = {};
  collectionsStore.busy = {};
}
