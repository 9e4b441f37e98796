import { COLLECTION_SORT_KEYS, PAGE_SIZES, TRACK_SORT_KEYS, USER_SORT_KEYS, type CollectionSortKey, type UserSortKey } from '@stardeck/contracts/browser';
import type { ExploreSpec } from './explore-query';

type TrackSortKey = (typeof TRACK_SORT_KEYS)[number];

/** Spec §9 page sizes of the explore lists: users 10, tracks 5, collections 5. */
export const EXPLORE_PAGE_SIZES = { users: PAGE_SIZES.users, tracks: 5, collections: 5 } as const;

export const USERS_EXPLORE: ExploreSpec<UserSortKey> = { sortKeys: USER_SORT_KEYS, defaultSort: 'signup', defaultDir: 'desc', pageSize: EXPLORE_PAGE_SIZES.users };
export const TRACKS_EXPLORE: ExploreSpec<TrackSortKey> = { sortKeys: TRACK_SORT_KEYS, defaultSort: 'created', defaultDir: 'desc', pageSize: EXPLORE_PAGE_SIZES.tracks };
export const COLLECTIONS_EXPLORE: ExploreSpec<CollectionSortKey> = {
  sortKeys: COLLECTION_SORT_KEYS, defaultSort: 'created', defaultDir: 'desc', pageSize: EXPLORE_PAGE_SIZES.collections,
};

/** How each sort key reads in the sort menu. */
export const SORT_LABELS: Record<string, string> = {
  signup: 'joined',
  last_seen: 'last seen',
  username: 'username',
  followers_count: 'subscribers',
  random: 'random',
  created: 'created',
  updated: 'updated',
  name: 'name',
  title: 'title',
  play_count: 'plays',
  track_count: 'tracks',
};
