import { MEMBER_CEILINGS } from './limits';
import { DESCRIPTION_MAX, TITLE_MAX } from './track-rules';

/** An album holds 1 to 100 of its owner's tracks; title and description follow a track's bounds. */
export const ALBUM_LIMITS = {
  titleMax: TITLE_MAX,
  descriptionMax: DESCRIPTION_MAX,
  tracksMin: 1,
  tracksMax: 100,
} as const;

/** Texts of albums. A free member's refusal reads as the locked options do (spec §6). */
export const ALBUM_MSG = {
  upgradeToCore: 'upgrade to core',
  notFound: 'Album not found',
  noAlbumId: 'No album ID provided',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${ALBUM_LIMITS.titleMax} characters or less`,
  descriptionTooLong: `Description must be ${ALBUM_LIMITS.descriptionMax} characters or less`,
  releaseDateInvalid: 'Release date must be a date (YYYY-MM-DD)',
  visibilityInvalid: 'Visibility must be public, unlisted or private',
  tracksRequired: `An album needs ${ALBUM_LIMITS.tracksMin} to ${ALBUM_LIMITS.tracksMax} tracks`,
  tracksInvalid: 'track_ids must be a list of track ids',
  trackRepeated: 'A track can appear only once in an album',
  trackNotOwn: 'An album can hold only your own tracks',
  limitReached: `You can have at most ${MEMBER_CEILINGS.albums} albums. Delete one to make room for another.`,
  created: 'Album created',
  updated: 'Album updated',
  arranged: 'Album tracks arranged',
  deleted: 'Album deleted',
  deleteFailed: 'Failed to delete album',
} as const;

/** `YYYY-MM-DD` naming a real calendar day. */
export function isReleaseDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Total running time as the album page shows it: h:mm:ss past an hour, else m:ss. */
export function formatTotalDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
