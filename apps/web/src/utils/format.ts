/** Spec §9: dates in US short form (Nov 23, 2026). */
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Spec §9: and in US long form (November 23, 2026) where a date stands alone: a release, an article, a member's start. */
const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function formatDate(value: string | number | Date): string {
  return formatWith(SHORT_DATE, value);
}

export function formatLongDate(value: string | number | Date): string {
  return formatWith(LONG_DATE, value);
}

/** A calendar date without a time (an album's release, 2026-11-28): that day wherever the reader is, not UTC midnight. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function formatWith(format: Intl.DateTimeFormat, value: string | number | Date): string {
  const day = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** Spec §9: an external address is shown cut to 60 characters (the whole of it stays in the link's title and warning). */
export const URL_DISPLAY_MAX = 60;

export function truncateUrl(url: string, max = URL_DISPLAY_MAX): string {
  const chars = [...url];
  return chars.length <= max ? url : `${chars.slice(0, max - 1).join('')}…`;
}

/** Spec §9: counts read as k above 1000 and m above a million. */
export function formatCount(value: number): string {
  if (value > 1_000_000) return `${trimZero(value / 1_000_000)}m`;
  if (value > 1000) return `${trimZero(value / 1000)}k`;
  return String(value);
}

function trimZero(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** Spec §9: sizes in B, KB, MB, GB to one decimal. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A playback position as m:ss (h:mm:ss past an hour), floored like a clock. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const s = String(whole % 60).padStart(2, '0');
  const m = Math.floor(whole / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const PLURAL_RULES = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the right number ("1 track", "2 tracks", "1.2k tracks"): English
 * plural rules from Intl; the plural form defaults to the noun with an s.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${PLURAL_RULES.select(count) === 'one' ? singular : plural}`;
}
