import {
  ALBUM_LIMITS, ALBUM_MSG, isReleaseDate, type AlbumDetailView, type AlbumVisibility,
} from '@stardeck/contracts/browser';
import { proxy } from 'valtio';
import type { ApiFailure } from '../../lib/api-client';
import { artworkBody, type ChosenArtwork } from '../../lib/artwork/artwork-file';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { arrangeAlbum, createAlbum, deleteAlbum, getAlbum, getOwnTracks, updateAlbum } from './api/albums';

/** A track the member can put on the album. */
export interface TrackChoice {
  id: number;
  title: string;
}

export interface AlbumForm {
  title: string;
  description: string;
  releaseDate: string;
  visibility: AlbumVisibility;
  /** Comma-separated tag names (the track tag rules apply on the server). */
  tags: string;
  artwork: ChosenArtwork | null;
}

export interface AlbumEditorState extends AlbumForm {
  /** Null while creating. */
  albumId: number | null;
  currentArtwork: string | null;
  removeArtwork: boolean;
  /** The album's tracks in play order. */
  trackIds: number[];
  /** The order the album had when the edit opened: a changed order is sent as a whole new list. */
  savedTrackIds: number[];
  /** The member's own tracks to choose from. */
  choices: TrackChoice[];
  touched: boolean;
  loading: boolean;
  saving: boolean;
  error: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

const initialEditor = (): AlbumEditorState => ({
  title: '', description: '', releaseDate: today(), visibility: 'public', tags: '', artwork: null, albumId: null, currentArtwork: null,
  removeArtwork: false, trackIds: [], savedTrackIds: [], choices: [], touched: false, loading: false, saving: false, error: null,
});

export const albumEditor = proxy<{ form: AlbumEditorState; remove: { busy: boolean; error: string | null } }>({
  form: initialEditor(), remove: { busy: false, error: null },
});

const BUSY_RESET_MS = 300;

const serverText = (failure: ApiFailure): string | null =>
  failure.kind === 'http' ? failure.envelope.msg?.description || (failure.envelope.errors && Object.values(failure.envelope.errors)[0]) || null : null;

/** The first message that keeps the form from being sent, if any (the album rules of contracts). */
export function albumFormError(form: Pick<AlbumEditorState, 'title' | 'description' | 'releaseDate'> & { trackIds: readonly number[] }): string | null {
  const title = form.title.trim();
  if (!title) return ALBUM_MSG.titleRequired;
  if (title.length > ALBUM_LIMITS.titleMax) return ALBUM_MSG.titleTooLong;
  if (form.description.trim().length > ALBUM_LIMITS.descriptionMax) return ALBUM_MSG.descriptionTooLong;
  if (!isReleaseDate(form.releaseDate)) return ALBUM_MSG.releaseDateInvalid;
  if (form.trackIds.length < ALBUM_LIMITS.tracksMin || form.trackIds.length > ALBUM_LIMITS.tracksMax) return ALBUM_MSG.tracksRequired;
  return null;
}

export const tagNames = (text: string): string[] => text.split(',').map((name) => name.trim()).filter(Boolean);

async function loadChoices(username: string): Promise<TrackChoice[] | null> {
  const result = await getOwnTracks(username);
  if (!result.ok) return null;
  return result.envelope.data!.tracks.filter((track) => track.status !== 'failed').map((track) => ({ id: track.id, title: track.title }));
}

export async function openCreate(username: string): Promise<void> {
  albumEditor.form = { ...initialEditor(), loading: true };
  const choices = await loadChoices(username);
  albumEditor.form.loading = false;
  if (choices) albumEditor.form.choices = choices;
  else albumEditor.form.error = 'Failed to load your tracks';
}

export async function openEdit(albumId: number, username: string): Promise<void> {
  albumEditor.form = { ...initialEditor(), albumId, loading: true };
  const [result, choices] = await Promise.all([getAlbum(albumId), loadChoices(username)]);
  if (albumEditor.form.albumId !== albumId) return;
  albumEditor.form.loading = false;
  if (!result.ok) {
    albumEditor.form.error = serverText(result.failure) ?? ALBUM_MSG.notFound;
    return;
  }
  const album = result.envelope.data!.album;
  const trackIds = album.tracks.map((track) => track.id);
  // A track on the album that the list of choices missed (past its first page) stays choosable.
  const listed = choices ?? [];
  const missing = album.tracks.filter((track) => !listed.some((choice) => choice.id === track.id)).map((track) => ({ id: track.id, title: track.title }));
  Object.assign(albumEditor.form, {
    title: album.title, description: album.description ?? '', releaseDate: album.release_date, visibility: album.visibility,
    tags: album.tags.map((tag) => tag.name).join(', '), currentArtwork: album.artwork, trackIds, savedTrackIds: trackIds, choices: [...listed, ...missing],
  });
}

export function setField<K extends keyof AlbumForm>(name: K, value: AlbumForm[K]): void {
  (albumEditor.form as AlbumForm)[name] = value;
  albumEditor.form.touched = true;
}

export function setRemoveArtwork(on: boolean): void {
  albumEditor.form.removeArtwork = on;
}

/** Puts a track at the end of the album, or takes it off. */
export function toggleTrack(id: number): void {
  const form = albumEditor.form;
  form.trackIds = form.trackIds.includes(id) ? form.trackIds.filter((t) => t !== id) : [...form.trackIds, id];
  form.touched = true;
}

/** Moves the track at `from` to `to`, the others closing up around it. */
export function moveTrack(from: number, to: number): void {
  const ids = [...albumEditor.form.trackIds];
  if (from < 0 || from >= ids.length || to < 0 || to >= ids.length || from === to) return;
  const [moved] = ids.splice(from, 1);
  ids.splice(to, 0, moved!);
  albumEditor.form.trackIds = ids;
  albumEditor.form.touched = true;
}

const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Creates or saves the album (fields, then a changed order); the saved album, or null when refused. */
export async function submit(): Promise<AlbumDetailView | null> {
  const form = albumEditor.form;
  if (form.saving || form.loading) return null;
  form.touched = true;
  if (albumFormError(form)) return null;
  form.saving = true;
  form.error = null;
  const fields = {
    title: form.title.trim(), description: form.description.trim(), release_date: form.releaseDate, visibility: form.visibility,
    tags: tagNames(form.tags), ...artworkBody(form.artwork),
  };
  let result = form.albumId === null
    ? await createAlbum({ ...fields, track_ids: [...form.trackIds] })
    : await updateAlbum(form.albumId, { ...fields, ...(form.removeArtwork && !form.artwork ? { remove_artwork: true } : {}) });
  if (result.ok && form.albumId !== null && !sameOrder(form.trackIds, form.savedTrackIds)) result = await arrangeAlbum(form.albumId, [...form.trackIds]);
  form.saving = false;
  if (!result.ok) {
    form.error = serverText(result.failure) ?? (form.albumId === null ? 'Failed to create album' : 'Failed to update album');
    toastFailure(result.failure, { title: 'Album', description: form.error });
    return null;
  }
  toastSuccess(result);
  return result.envelope.data!.album;
}

/** The delete button's confirm: the tracks stay. A failure shows inline and the button frees. */
export async function confirmDelete(albumId: number): Promise<boolean> {
  const remove = albumEditor.remove;
  if (remove.busy) return false;
  remove.busy = true;
  remove.error = null;
  const result = await deleteAlbum(albumId);
  if (!result.ok) {
    remove.error = serverText(result.failure) ?? ALBUM_MSG.deleteFailed;
    setTimeout(() => (albumEditor.remove.busy = false), BUSY_RESET_MS);
    return false;
  }
  toastSuccess(result);
  remove.busy = false;
  return true;
}

export function reset(): void {
  albumEditor.form = initialEditor();
  albumEditor.remove = { busy: false, error: null };
}
