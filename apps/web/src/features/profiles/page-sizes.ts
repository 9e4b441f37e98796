import { PAGE_SIZES } from '@stardeck/contracts/browser';

/** Spec §9 page sizes of the user pages. */
export const USER_PAGE_SIZES = {
  library: PAGE_SIZES.library,
  /** Spec §9: collections are shown 5 at a time (the API's own default, 12, is for explore). */
  collections: 5,
  /** Albums, 5 at a time like collections. */
  albums: 5,
  collectionTracks: PAGE_SIZES.collectionTracks,
  history: PAGE_SIZES.listeningHistory,
  members: PAGE_SIZES.subscribers,
  /** Spec §7: the profile shows the 3 newest subscribers. */
  recentSubscribers: 3,
  /** Spec §7: and the 5 members it subscribed to last. */
  recentSubscriptions: 5,
  /** Spec §7: and the 3 tracks it saved last. */
  recentSaves: PAGE_SIZES.recentSaved,
  comments: PAGE_SIZES.commentPage,
} as const;
