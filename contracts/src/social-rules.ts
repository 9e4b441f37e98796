import { SOCIAL_MSG } from './social-messages';

export const COLLECTION_SORT_KEYS = ['created', 'updated', 'name', 'random', 'track_count'] as const;
export type CollectionSortKey = (typeof COLLECTION_SORT_KEYS)[number];

/** Largest page a list answers, per list (spec §9 loads a whole library or a track's comments at once). */
export const PAGE_LIMITS = {
  library: 10000,
  comments: 1000,
  collectionTracks: 1000,
  list: 100,
} as const;

/**
 * Spec §4: a comment sits at a whole second of the track, from 0 to the track's length. A track
 * whose length is not known yet (still processing) takes comments at 0 only. Returns the message
 * to show, or null when the timestamp fits.
 */
export function checkCommentTimestamp(timestamp: unknown, durationSeconds: number | null): string | null {
  if (typeof timestamp !== 'number' || !Number.isInteger(timestamp) || timestamp < 0) return SOCIAL_MSG.commentTimestampInvalid;
  const max = Math.max(0, Math.floor(durationSeconds ?? 0));
  return timestamp > max ? SOCIAL_MSG.commentTimestampOutOfRange(max) : null;
}
