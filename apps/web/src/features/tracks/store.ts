import { TRACK_FORM_MSG, TRACK_MSG, UPLOAD_ERROR_CODES, checkAudioDeclaration, defaultTrackTitle, extensionOf, type TrackView, type TrackVisibility } from '@stardeck/contracts/browser';
import { proxy, ref } from 'valtio';
import type { ApiFailure } from '../../lib/api';
import { forgetTrackComments } from '../../lib/comments/store';
import { forgetTrack, updateTrack as updatePlayerTrack } from '../../lib/player/store';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { showToast } from '../../lib/toasts/store';
import { preflight, type PreflightResult } from './api/preflight';
import { createTrack, deleteTrack as removeTrack, getTrack, updateTrack, type ArtworkFields } from './api/tracks';
import { uploadFile, type UploadProgress } from './api/upload-file';

/**
 * Uploading, editing and deleting tracks (spec §4 Upload, §5, §8). The upload runs as steps a
 * person can follow: local validation, preflight, the direct upload with its progress, then
 * processing with the transcoder's own percentage, then ready. Any failure returns to the form
 * with the spec's line, and a toast where the server said more.
 */
export type UploadPhase = 'form' | 'validating' | 'uploading' | 'processing' | 'ready';

export interface TrackForm {
  title: string;
  description: string;
  /** Spec §4: the form defaults to public (the API, asked nothing, would make it private). */
  visibility: TrackVisibility;
  tags: string[];
  artwork: (ArtworkFields & { preview: string }) | null;
}

/** What the form fields read: the store's state or a snapshot of it. */
export interface TrackFormView {
  readonly title: string;
  readonly description: string;
  readonly visibility: TrackVisibility;
  readonly tags: readonly string[];
  readonly artwork: Readonly<TrackForm['artwork']>;
}

export interface UploadState extends TrackForm {
  phase: UploadPhase;
  file: File | null;
  /** The title was typed, so choosing another file does not replace it. */
  titleTouched: boolean;
  error: string | null;
  detail: string | null;
  progress: UploadProgress | null;
  track: { id: number; username: string; title: string; status: TrackView['status']; progress: number | null } | null;
}

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

const emptyForm = (): TrackForm => ({ title: '', description: '', visibility: 'public', tags: [], artwork: null });
const initialUpload = (): UploadState => ({
  ...emptyForm(), phase: 'form', file: null, titleTouched: false, error: null, detail: null, progress: null, track: null,
});
const initialEdit = (): EditState => ({ ...emptyForm(), trackId: null, loading: false, saving: false, hadArtwork: false, removeArtwork: false, error: null });

export const tracksStore = proxy<{ upload: UploadState; edit: EditState; remove: DeleteState }>({
  upload: initialUpload(), edit: initialEdit(), remove: { busy: false, error: null },
});

/** How often processing asks the server how far the transcoder is. */
export const PROCESSING_POLL_MS = 1000;
/** Spec §9: a busy dialog frees its buttons again after 300 ms. */
const BUSY_RESET_MS = 300;

let uploadAbort: AbortController | null = null;
let pollTimer: ReturnType<typeof setTimeout> | null = null;

function description(failure: ApiFailure): string | undefined {
  return failure.kind === 'http' ? failure.envelope.msg?.description || undefined : undefined;
}

// ---- upload ----

export function chooseFile(file: File | null): void {
  const upload = tracksStore.upload;
  upload.file = file ? ref(file) : null;
  upload.error = null;
  upload.detail = null;
  // Spec §5: the title defaults to the filename without its extension.
  if (file && !upload.titleTouched) upload.title = defaultTrackTitle(file.name);
}

export function setUploadField<K extends keyof TrackForm>(name: K, value: TrackForm[K]): void {
  (tracksStore.upload as TrackForm)[name] = value;
  if (name === 'title') tracksStore.upload.titleTouched = true;
}

function failUpload(line: string, detail?: string | null): false {
  Object.assign(tracksStore.upload, { phase: 'form', error: line, detail: detail ?? null, progress: null });
  return false;
}

/** Runs the whole upload; resolves true once the track record exists (processing follows). */
export async function submitUpload(): Promise<boolean> {
  const upload = tracksStore.upload;
  if (upload.phase !== 'form' && upload.phase !== 'ready') return false;
  const file = upload.file;
  const title = upload.title.trim();
  if (!file || !title) return failUpload(TRACK_FORM_MSG.titleAndFileRequired);
  Object.assign(upload, { phase: 'validating', error: null, detail: null, track: null, progress: null });

  const local = checkAudioDeclaration({ filename: file.name, filesize: file.size, filetype: file.type });
  if (local) return failUpload(TRACK_FORM_MSG.audioValidationFailed, local.message);

  const checked = await preflight(file);
  if (!checked.ok) {
    if (checked.failure.kind === 'network') return failUpload(TRACK_FORM_MSG.uploadTransmissionFailed);
    const msg = checked.failure.envelope.msg;
    showToast({ kind: 'error', title: msg?.title || TRACK_MSG.preflightFailed, description: msg?.description, code: checked.failure.status });
    return failUpload(TRACK_FORM_MSG.uploadValidationFailed, msg?.description);
  }

  const sent = await sendFile(checked.envelope.data!, file);
  if (sent !== true) return failUpload(sent);

  upload.phase = 'processing';
  const created = await createTrack({
    title, description: upload.description, visibility: upload.visibility, tags: [...upload.tags],
    key: checked.envelope.data!.key, filename: file.name, mimetype: file.type, extension: extensionOf(file.name), filesize: file.size,
    ...(upload.artwork ? { artwork_data: upload.artwork.artwork_data, artwork_mimetype: upload.artwork.artwork_mimetype, artwork_filename: upload.artwork.artwork_filename } : {}),
  });
  if (!created.ok) {
    if (created.failure.kind === 'network') return failUpload(TRACK_FORM_MSG.uploadTransmissionFailed);
    toastFailure(created.failure, { title: TRACK_MSG.creationFailed, description: TRACK_FORM_MSG.creationFailedDefault });
    return failUpload(TRACK_FORM_MSG.uploadValidationFailed, description(created.failure) ?? TRACK_FORM_MSG.creationFailedDefault);
  }
  toastSuccess(created);
  const track = created.envelope.data!.track;
  upload.track = { id: track.id, username: track.username, title: track.title, status: track.status, progress: track.progress };
  followProcessing(track.id);
  return true;
}

/** The direct PUT; true, or the line the form shows. */
async function sendFile(target: PreflightResult, file: File): Promise<true | string> {
  if (!target.upload_url) {
    showToast({ kind: 'error', title: UPLOAD_ERROR_CODES.invalidState, description: TRACK_FORM_MSG.invalidState });
    return TRACK_FORM_MSG.fileUploadFailed;
  }
  const upload = tracksStore.upload;
  upload.phase = 'uploading';
  upload.progress = { loaded: 0, total: file.size, percent: 0, rate: null, secondsLeft: null };
  uploadAbort = new AbortController();
  const outcome = await uploadFile(target, file, (progress) => {
    if (tracksStore.upload.phase === 'uploading') tracksStore.upload.progress = progress;
  }, uploadAbort.signal);
  uploadAbort = null;
  if (outcome.ok) {
    upload.progress = { loaded: file.size, total: file.size, percent: 100, rate: upload.progress?.rate ?? null, secondsLeft: 0 };
    return true;
  }
  if (outcome.kind === 'network') return TRACK_FORM_MSG.uploadTransmissionFailed;
  if (outcome.kind === 'refused') showToast({ kind: 'error', title: UPLOAD_ERROR_CODES.uploadFailed, description: TRACK_FORM_MSG.uploadFailed, code: outcome.status ?? undefined });
  return TRACK_FORM_MSG.fileUploadFailed;
}

/** Processing: the transcoder's percentage, asked for every second, until ready or failed. */
function followProcessing(trackId: number): void {
  stopPolling();
  const poll = async () => {
    pollTimer = null;
    const result = await getTrack(trackId);
    const upload = tracksStore.upload;
    if (upload.track?.id !== trackId) return;
    if (result.ok) {
      const track = result.envelope.data!.track;
      upload.track = { id: track.id, username: track.username, title: track.title, status: track.status, progress: track.progress };
      if (track.status === 'ready') {
        finishUpload();
        return;
      }
      if (track.status === 'failed') {
        failUpload(TRACK_FORM_MSG.audioValidationFailed, track.failure_reason ?? TRACK_MSG.trackFailed);
        return;
      }
    }
    pollTimer = setTimeout(() => void poll(), PROCESSING_POLL_MS);
  };
  pollTimer = setTimeout(() => void poll(), PROCESSING_POLL_MS);
}

function stopPolling(): void {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
}

/** Spec §4: success, and the form resets (the finished track stays shown, with its link). */
function finishUpload(): void {
  const track = tracksStore.upload.track;
  Object.assign(tracksStore.upload, initialUpload(), { phase: 'ready', track });
}

/** Back to an empty form, stopping an upload under way. */
export function resetUpload(): void {
  uploadAbort?.abort();
  uploadAbort = null;
  stopPolling();
  tracksStore.upload = initialUpload();
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
  resetUpload();
  tracksStore.edit = initialEdit();
  resetDelete();
}
