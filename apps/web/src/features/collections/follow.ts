import type { CollectionView } from '@stardeck/contracts/browser';

export type FollowState = Pick<CollectionView, 'is_following' | 'followers_count'>;

/** Spec §4: a follow adds one follower and an unfollow takes one away, never below 0. */
export function optimisticFollow(state: FollowState, follow: boolean): FollowState {
  if (state.is_following === follow) return state;
  return { is_following: follow, followers_count: Math.max(0, state.followers_count + (follow ? 1 : -1)) };
}

/**
 * A follow made on this page, with the loaded state it was made from: once the page loads the
 * collection again (a new state) the server's answer is newer than the follow, and wins.
 */
export interface FollowChange {
  from: FollowState;
  now: FollowState;
}

export function shownFollow(loaded: FollowState, change: FollowChange | undefined): FollowState {
  const fresh = !change || change.from.is_following !== loaded.is_following || change.from.followers_count !== loaded.followers_count;
  return fresh ? { is_following: loaded.is_following, followers_count: loaded.followers_count } : change.now;
}
