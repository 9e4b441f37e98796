import { PAGE_SIZES, SOCIAL_MSG } from '@stardeck/contracts/browser';
import { proxy, ref } from 'valtio';
import type { ApiResult } from '../api';
import { session } from '../session/store';
import { toastFailure, toastSuccess } from '../toasts/from-result';
import { getLibrary, saveTrack, unsaveTrack, type LibraryPage } from './api';
import { libraryKey, librariesToKeep, withoutTrack, type CachedLibrary } from './cache';

/**
 * The member's library as this visit knows it (spec §4 Library): which tracks are saved (every id,
 * loaded after login, and each change made here, shown at once and put back if refused), and the
 * libraries of members whose library page was opened, the member's own plus up to 8 others.
 * A card or the player reads `isSaved`, which falls back to the track view's own `in_library`.
 */
/** Track views are replaced whole, never changed in place: held by reference (valtio's ref), they reach the page as they came. */
type HeldLibrary = CachedLibrary & { tracks: ReturnType<typeof ref<CachedLibrary['tracks']>> };

export interface LibraryState {
  saved: Record<number, boolean>;
  busy: Record<number, boolean>;
  libraries: Record<string, HeldLibrary>;
  /** Keys of `libraries`, most recently used first. */
  recent: string[];
  /** The removeFromLibrary dialog's call. */
  removal: { busy: boolean; error: string | null };
}

export const libraryStore = proxy<LibraryState>({ saved: {}, busy: {}, libraries: {}, recent: [], removal: { busy: false, error: null } });

/** Spec §9: a busy dialog frees its buttons again after 300 ms. */
const BUSY_RESET_MS = 300;

const held = (library: CachedLibrary): HeldLibrary => ({ ...library, tracks: ref(library.tracks) });

export function isSaved(state: { saved: Record<number, boolean> }, track: { id: number; in_library: boolean }): boolean {
  return state.saved[track.id] ?? track.in_library;
}

/** SAVE: POST /v1/manage/library. True when the track is saved now. */
export async function save(trackId: number): Promise<boolean> {
  if (libraryStore.busy[trackId]) return false;
  const was = libraryStore.saved[trackId];
  libraryStore.busy[trackId] = true;
  libraryStore.saved[trackId] = true;
  const result = await saveTrack(trackId);
  delete libraryStore.busy[trackId];
  if (!result.ok) {
    putBack(trackId, was);
    toastFailure(result.failure, { title: 'Library', description: SOCIAL_MSG.librarySaveFailed });
    return false;
  }
  libraryStore.saved[trackId] = result.envelope.data?.in_library ?? true;
  toastSuccess(result, { silent: true });
  return true;
}

/**
 * The removeFromLibrary dialog's confirm: DELETE /v1/manage/library. The server takes the track out
 * of the member's collections in the same step; the ids of those collections are returned, or null
 * when refused (the dialog shows 'Failed to remove track from library').
 */
export async function remove(trackId: number): Promise<number[] | null> {
  const { removal } = libraryStore;
  if (removal.busy || libraryStore.busy[trackId]) return null;
  const was = libraryStore.saved[trackId];
  removal.busy = true;
  removal.error = null;
  libraryStore.busy[trackId] = true;
  libraryStore.saved[trackId] = false;
  const result = await unsaveTrack(trackId);
  delete libraryStore.busy[trackId];
  if (!result.ok) {
    putBack(trackId, was);
    removal.error = SOCIAL_MSG.libraryRemoveFailed;
    setTimeout(() => (libraryStore.removal.busy = false), BUSY_RESET_MS);
    return null;
  }
  const ownKey = session.me ? libraryKey(session.me.username) : null;
  const own = ownKey === null ? undefined : libraryStore.libraries[ownKey];
  if (ownKey !== null && own) libraryStore.libraries[ownKey] = held(withoutTrack(own, trackId));
  removal.busy = false;
  toastSuccess(result);
  return result.envelope.data?.affected_collections ?? [];
}

export function resetRemoval(): void {
  libraryStore.removal = { busy: false, error: null };
}

function putBack(trackId: number, was: boolean | undefined): void {
  if (was === undefined) delete libraryStore.saved[trackId];
  else libraryStore.saved[trackId] = was;
}

/**
 * After login or renewal (spec §4): every saved id, so the player and cards know SAVED. A 404
 * (no library to read) clears the status without a word; changes under way keep their state.
 */
export async function loadSavedIds(): Promise<void> {
  const username = session.me?.username;
  if (!username) return;
  const result = await getLibrary(username, { limit: PAGE_SIZES.loadAll, offset: 0 });
  if (session.me?.username !== username) return;
  if (!result.ok) {
    if (result.failure.kind === 'http' && result.failure.status === 404) libraryStore.saved = keepBusy({});
    else console.warn('Library: saved tracks could not be loaded', result.failure);
    return;
  }
  libraryStore.saved = keepBusy(Object.fromEntries(result.envelope.data!.tracks.map((track) => [track.id, true])));
}

function keepBusy(saved: Record<number, boolean>): Record<number, boolean> {
  for (const id of Object.keys(libraryStore.busy)) saved[Number(id)] = libraryStore.saved[Number(id)] ?? false;
  return saved;
}

/** A library page, through the cache: what the library route preloads (spec §9: 20 a page). */
export async function loadLibrary(username: string, page: { page: number; limit: number; offset: number }, signal?: AbortSignal): Promise<ApiResult<LibraryPage>> {
  const result = await getLibrary(username, { limit: page.limit, offset: page.offset }, signal);
  if (result.ok) {
    const data = result.envelope.data!;
    remember(username, { tracks: data.tracks, totalTracks: data.total_tracks, hasMore: data.has_more, page: page.page, pageSize: page.limit });
  }
  return result;
}

/** Keeps a member's library, most recent first, and lets the oldest of the others go (spec §4). */
export function remember(username: string, library: CachedLibrary): void {
  const key = libraryKey(username);
  libraryStore.libraries[key] = held(library);
  const recent = [key, ...libraryStore.recent.filter((k) => k !== key)];
  const kept = librariesToKeep(recent, session.me?.username ?? null);
  for (const old of recent) if (!kept.includes(old)) delete libraryStore.libraries[old];
  libraryStore.recent = recent.filter((k) => kept.includes(k));
}


/** The cached library of a member, when it holds the page asked for. */
export function cachedPage<L extends { page: number; pageSize: number }>(libraries: { readonly [key: string]: L }, username: string, page: { page: number; limit: number }): L | null {
  const library = libraries[libraryKey(username)];
  return library && library.page === page.page && library.pageSize === page.limit ? library : null;
}

export function reset(): void {
  libraryStore.saved = {};
  libraryStore.busy = {};
  libraryStore.libraries = {};
  libraryStore.recent = [];
  resetRemoval();
}
