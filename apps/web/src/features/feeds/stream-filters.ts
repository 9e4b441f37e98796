import {
  PAGE_SIZES, STREAM_CONTENT_TYPES, STREAM_DEFAULTS, STREAM_SORTS, STREAM_TIME_RANGES,
  type StreamContentType, type StreamSort, type StreamTimeRange,
} from '@stardeck/contracts/browser';

/**
 * The stream's filters live in the address (`/stream?sort=popular`), so a filtered stream can be
 * reloaded, shared and walked with back and forward. Only values that differ from the defaults
 * are written, so the plain /stream is the default view.
 */
export interface StreamFilters {
  content_type: StreamContentType;
  time_range: StreamTimeRange;
  sort: StreamSort;
}

export const STREAM_FILTER_CHOICES = {
  content_type: STREAM_CONTENT_TYPES,
  time_range: STREAM_TIME_RANGES,
  sort: STREAM_SORTS,
} as const satisfies { [K in keyof StreamFilters]: readonly StreamFilters[K][] };

export type StreamFilterName = keyof StreamFilters;

function pick<T extends string>(choices: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Spec §4: content type all, time range all, sort recent unless the address says otherwise; unknown values fall back. */
export function readStreamFilters(params: URLSearchParams): StreamFilters {
  return {
    content_type: pick(STREAM_CONTENT_TYPES, params.get('content_type'), STREAM_DEFAULTS.content_type),
    time_range: pick(STREAM_TIME_RANGES, params.get('time_range'), STREAM_DEFAULTS.time_range),
    sort: pick(STREAM_SORTS, params.get('sort'), STREAM_DEFAULTS.sort),
  };
}

/** The address's query for these filters: defaults left out. */
export function writeStreamFilters(filters: StreamFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(STREAM_FILTER_CHOICES) as StreamFilterName[]) {
    if (filters[name] !== STREAM_DEFAULTS[name]) params.set(name, filters[name]);
  }
  return params;
}

/** One filter changed: the list starts again from its first page (the caller reloads). */
export function withFilter<K extends StreamFilterName>(filters: StreamFilters, name: K, value: StreamFilters[K]): StreamFilters {
  return { ...filters, [name]: value };
}

export function isDefaultStream(filters: StreamFilters): boolean {
  return writeStreamFilters(filters).size === 0;
}

/** The request for one page of 10 (spec §9). */
export function streamQuery(filters: StreamFilters, offset: number) {
  return { limit: PAGE_SIZES.stream, offset, ...filters };
}
