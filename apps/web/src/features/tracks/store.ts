import { TRACK_FORM_MSG, TRACK_MSG, type TrackView } from '@stardeck/contracts/browser';
import { proxy } from 'valtio';
import type { ApiFailure } from '../../lib/api';
import { forgetTrackComments } from '../../lib/comments/store';
import { forgetTrack, updateTrack as updatePlayerTrack } from '../../lib/player/store';
import { trackChanged } from '../../lib/revisions/store';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { deleteTrack as removeTrack, getTrack, updateTrack } from './api/tracks';
import { emptyTrackForm, type TrackForm } from './track-form';
import { reset as resetUploads } from './uploads';

export type { TrackForm, TrackFormView } from './track-form';

/**
 * Editing and deleting tracks (spec §4, §5, §8); uploads are in uploads.ts. A failure shows the
 * spec's line, and a toast where the server said more.
 */
export interface EditState extends TrackForm {
  trackId: number | null;
  loading: boolean;
  saving: boolean;
  hadArtwork: boolean;
  removeArtwork: boolean;
  error: string | null;
}

export interface DeleteState {
  busy: boolean;
  error: string | null;
}

const initialEdit = (): EditState => ({ ...emptyTrackForm(), trackId: null, loading: false, saving: false, hadArtwork: false, removeArtwork: false, error: null });

export const tracksStore = proxy<{ edit: EditState; remove: DeleteState }>({ edit: initialEdit(), remove: { busy: false, error: null } });

/** Spec §9: a busy dialog frees its buttons again after 300 ms. */
const BUSY_RESET_MS = 300;

function description(failure: ApiFailure): string | undefined {
  return failure.kind === 'http' ? failure.envelope.msg?.description || undefined : undefined;
}

// ---- edit ----

export async function openEdit(trackId: number): Promise<boolean> {
  tracksStore.edit = { ...initialEdit(), trackId, loading: true };
  const result = await getTrack(trackId);
  if (tracksStore.edit.trackId !== trackId) return false;
  tracksStore.edit.loading = false;
  if (!result.ok) {
    tracksStore.edit.error = description(result.failure) ?? TRACK_MSG.trackNotFound;
    return false;
  }
  const track = result.envelope.data!.track;
  Object.assign(tracksStore.edit, {
    title: track.title, description: track.description ?? '', visibility: track.visibility, tags: track.tags.map((t) => t.name), hadArtwork: track.has_artwork,
  });
  return true;
}

export function setEditField<K extends keyof TrackForm>(name: K, value: TrackForm[K]): void {
  (tracksStore.edit as TrackForm)[name] = value;
}

/** Edit: drop the stored artwork (sent as remove_artwork) unless new artwork replaces it. */
export function setRemoveArtwork(on: boolean): void {
  tracksStore.edit.removeArtwork = on;
}

export async function submitEdit(): Promise<TrackView | null> {
  const edit = tracksStore.edit;
  if (edit.saving || edit.trackId === null) return null;
  const title = edit.title.trim();
  if (!title) {
    edit.error = TRACK_FORM_MSG.titleRequired;
    return null;
  }
  edit.saving = true;
  edit.error = null;
  const result = await updateTrack({
    track_id: edit.trackId, title, description: edit.description, visibility: edit.visibility, tags: [...edit.tags],
    ...(edit.artwork ? { artwork_data: edit.artwork.artwork_data, artwork_mimetype: edit.artwork.artwork_mimetype, artwork_filename: edit.artwork.artwork_filename } : {}),
    ...(edit.removeArtwork && !edit.artwork ? { remove_artwork: true } : {}),
  });
  edit.saving = false;
  if (!result.ok) {
    if (result.failure.kind === 'network') {
      edit.error = TRACK_FORM_MSG.updateTransmissionFailed;
      return null;
    }
    toastFailure(result.failure, { title: TRACK_MSG.updateFailed, description: TRACK_FORM_MSG.updateFailedDefault });
    edit.error = description(result.failure) ?? TRACK_FORM_MSG.updateFailedDefault;
    return null;
  }
  toastSuccess(result);
  const track = result.envelope.data!.track;
  updatePlayerTrack(track);
  trackChanged(track.id);
  return track;
}

// ---- delete ----

/** Spec §8: a failure shows inline ('Failed to delete track') and the button frees after 300 ms. */
export async function confirmDelete(trackId: number): Promise<boolean> {
  const remove = tracksStore.remove;
  if (remove.busy) return false;
  remove.busy = true;
  remove.error = null;
  const result = await removeTrack(trackId);
  if (!result.ok) {
    remove.error = description(result.failure) ?? TRACK_FORM_MSG.deleteFailed;
    setTimeout(() => (tracksStore.remove.busy = false), BUSY_RESET_MS);
    return false;
  }
  toastSuccess(result);
  forgetTrack(trackId);
  forgetTrackComments(trackId);
  remove.busy = false;
  return true;
}

export function resetDelete(): void {
  tracksStore.remove = { busy: false, error: null };
}

export function reset(): void {
  resetUploads();
  tracksStore.edit = initialEdit();
  resetDelete();
}
