import type { LibraryTrackView } from '@stardeck/contracts/browser';

/** One member's library as last loaded (spec §3 Library entry, per user). */
export interface CachedLibrary {
  tracks: LibraryTrackView[];
  totalTracks: number;
  hasMore: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** Spec §4: besides the member's own, the libraries of up to 8 other members stay cached. */
export const OTHER_LIBRARIES_KEPT = 8;

export const libraryKey = (username: string) => username.toLowerCase();

/**
 * Which cached libraries to keep: the member's own, then the others most recently used first, up
 * to `othersKept`. `recent` lists keys, most recent first.
 */
export function librariesToKeep(recent: readonly string[], own: string | null, othersKept: number = OTHER_LIBRARIES_KEPT): string[] {
  const ownKey = own === null ? null : libraryKey(own);
  const others = recent.filter((key) => key !== ownKey).slice(0, othersKept);
  return ownKey !== null && recent.includes(ownKey) ? [ownKey, ...others] : others;
}

/** The member's own page after a track left it: one row and one count fewer. */
export function withoutTrack(library: CachedLibrary, trackId: number): CachedLibrary {
  const tracks = library.tracks.filter((track) => track.id !== trackId);
  if (tracks.length === library.tracks.length) return library;
  return { ...library, tracks, totalTracks: Math.max(0, library.totalTracks - 1) };
}
