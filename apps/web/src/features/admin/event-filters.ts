/**
 * The event inspector's filters live in the address, so a view can be shared and back and
 * forward walk through them. Empty fields are left out; `before` is the keyset of the page.
 */
export interface EventFilters {
  stream?: string;
  /** Event type names separated by commas. */
  type?: string;
  actor?: string;
  correlation_id?: string;
  /** ISO 8601 times. */
  from?: string;
  to?: string;
  before?: number;
}

const TEXT_FIELDS = ['stream', 'type', 'actor', 'correlation_id', 'from', 'to'] as const;

export function readEventFilters(params: URLSearchParams): EventFilters {
  const filters: EventFilters = {};
  for (const name of TEXT_FIELDS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const before = Number(params.get('before'));
  if (Number.isSafeInteger(before) && before > 0) filters.before = before;
  return filters;
}

/** The query string of a view: `?stream=track-&type=TrackUpdated,TrackDeleted`. */
export function eventFilterSearch(filters: EventFilters): string {
  const params = new URLSearchParams();
  for (const name of TEXT_FIELDS) if (filters[name]) params.set(name, filters[name]!);
  if (filters.before) params.set('before', String(filters.before));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Several types, typed with commas or spaces, as the API takes them. */
export function typeList(text: string): string {
  return text.split(/[\s,]+/).filter(Boolean).join(',');
}

/** The page that starts at `position`: the keyset is "below before". */
export function jumpTo(filters: EventFilters, position: number): EventFilters {
  return { ...filters, before: position + 1 };
}

/** A datetime-local field's value (local time, no zone) as ISO 8601, or undefined when blank or unreadable. */
export function isoFromLocal(value: string): string | undefined {
  if (!value) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** An ISO time as a datetime-local field shows it. */
export function localFromIso(value: string | undefined): string {
  if (!value) return '';
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return '';
  const local = new Date(time.getTime() - time.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
