import { proxy } from 'valtio';
import { apiCall } from '../api-client';
import { toastFailure, toastSuccess } from '../toasts/from-result';

/**
 * Which tracks the member saved, as far as this visit has seen (spec §2 SAVE/SAVED, §4 Library):
 * a change shows at once, and goes back if the server refuses. A card or the player reads
 * `isSaved`, which falls back to the track view's own `in_library`.
 */
export const libraryStore = proxy<{ saved: Record<number, boolean>; busy: Record<number, boolean> }>({ saved: {}, busy: {} });

interface LibraryChange {
  track_id: number;
  in_library: boolean;
  saved_by_count: number;
}

export function isSaved(state: { saved: Record<number, boolean> }, track: { id: number; in_library: boolean }): boolean {
  return state.saved[track.id] ?? track.in_library;
}

/** POST or DELETE /v1/manage/library {track_id}; the new state, or the old one when refused. */
export async function toggleSaved(track: { id: number; in_library: boolean }): Promise<boolean> {
  const was = isSaved(libraryStore, track);
  if (libraryStore.busy[track.id]) return was;
  libraryStore.busy[track.id] = true;
  libraryStore.saved[track.id] = !was;
  const result = await apiCall<LibraryChange>('/manage/library', { method: was ? 'DELETE' : 'POST', body: { track_id: track.id } });
  delete libraryStore.busy[track.id];
  if (!result.ok) {
    libraryStore.saved[track.id] = was;
    toastFailure(result.failure, { title: 'Library', description: was ? 'Failed to remove track from library' : 'Failed to save track' });
    return was;
  }
  libraryStore.saved[track.id] = result.envelope.data?.in_library ?? !was;
  toastSuccess(result, { silent: true });
  return libraryStore.saved[track.id]!;
}

export function reset(): void {
  libraryStore.saved = {};
  libraryStore.busy = {};
}
