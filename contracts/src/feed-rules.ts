import { PAGE_SIZES } from './limits';
import { TAG_CLOUD_MIN_USAGE, TAG_CLOUD_SIZE } from './tag-cloud';

/**
 * GET /v1/stream filters (spec §4: content type all, time range all, sort recent by default).
 * `uploads` are new tracks of the members one subscribes to, `collections` the tracks added to the
 * collections one follows. A time range keeps what entered the stream within that many days.
 */
export const STREAM_CONTENT_TYPES = ['all', 'uploads', 'collections'] as const;
export type StreamContentType = (typeof STREAM_CONTENT_TYPES)[number];
export const STREAM_TIME_RANGES = ['all', 'day', 'week', 'month', 'year'] as const;
export type StreamTimeRange = (typeof STREAM_TIME_RANGES)[number];
/** `recent` and `oldest` order by when a track entered the stream; `popular` by plays. */
export const STREAM_SORTS = ['recent', 'oldest', 'popular'] as const;
export type StreamSort = (typeof STREAM_SORTS)[number];

export const STREAM_DEFAULTS = { content_type: 'all', time_range: 'all', sort: 'recent' } as const satisfies {
  content_type: StreamContentType; time_range: StreamTimeRange; sort: StreamSort;
};

/** Days each time range reaches back; `all` has no bound. */
export const STREAM_TIME_RANGE_DAYS: Record<Exclude<StreamTimeRange, 'all'>, number> = { day: 1, week: 7, month: 30, year: 365 };

/** New albums the first page of a stream shows at most. */
export const STREAM_ALBUMS_MAX = 5;

/** Largest stream page a request may ask for. */
export const STREAM_LIMIT_MAX = 50;

export const FEED_MSG = {
  streamLimitInvalid: `limit must be a whole number from 1 to ${STREAM_LIMIT_MAX}`,
  streamContentTypeInvalid: `content_type must be one of ${STREAM_CONTENT_TYPES.join(', ')}`,
  streamTimeRangeInvalid: `time_range must be one of ${STREAM_TIME_RANGES.join(', ')}`,
  streamSortInvalid: `sort must be one of ${STREAM_SORTS.join(', ')}`,
} as const;

/**
 * How much of each part GET /v1/discover carries: the newest tracks (spec §9 tracks 5), the
 * most recently active members (users 10), the tag cloud's tags used at least twice, and the
 * first tracks of the most recently changed collection (collections 5).
 */
export const DISCOVER_SIZES = {
  recentTracks: 5,
  activeUsers: PAGE_SIZES.users,
  tags: TAG_CLOUD_SIZE,
  tagMinUsage: TAG_CLOUD_MIN_USAGE,
  collectionTracks: 5,
} as const;
