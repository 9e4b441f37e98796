import { TRACK_FORM_MSG, TRACK_MSG, UPLOAD_ERROR_CODES, checkAudioDeclaration, declaredFileType, defaultTrackTitle, extensionOf, type TrackView } from '@stardeck/contracts/browser';
import { proxy, ref } from 'valtio';
import type { ApiFailure } from '../../lib/api';
import { memberChanged } from '../../lib/revisions/store';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { showToast } from '../../lib/toasts/store';
import { preflight, type PreflightResult } from './api/preflight';
import { createTrack, getTrack } from './api/tracks';
import { uploadFile, type UploadProgress } from './api/upload-file';
import { emptyTrackForm, type TrackForm } from './track-form';

/**
 * Uploads (spec §4 Upload, §5, §8), one per chosen file. The form takes one file or several
 * (picked or dropped); sending it turns each file into an upload of its own and empties the form
 * at once, file input included, so the next files can be chosen while these run. Each upload runs
 * the steps a person can follow: local validation, preflight, the direct transfer with its
 * progress, then processing with the transcoder's own percentage, then ready. Transfers go one at
 * a time; a failed upload keeps its line and can be tried again or taken back into the form.
 */
export type UploadPhase = 'queued' | 'validating' | 'uploading' | 'processing' | 'ready' | 'failed';

export interface UploadForm extends TrackForm {
  files: File[];
  /** With several files, the title of each (the form's own title serves a single file). */
  titles: string[];
  /** The title was typed, so choosing another file does not replace it. */
  titleTouched: boolean;
  error: string | null;
  /** Bumped whenever the form empties: the file input is drawn anew and forgets its files. */
  formKey: number;
}

export interface UploadJob {
  id: number;
  file: File;
  fields: TrackForm;
  phase: UploadPhase;
  error: string | null;
  detail: string | null;
  progress: UploadProgress | null;
  track: { id: number; username: string; title: string; status: TrackView['status']; progress: number | null } | null;
}

export interface UploadsState {
  form: UploadForm;
  jobs: UploadJob[];
}

let formKeys = 0;
const emptyForm = (): UploadForm => ({ ...emptyTrackForm(), files: [], titles: [], titleTouched: false, error: null, formKey: ++formKeys });

export const uploadsStore = proxy<UploadsState>({ form: emptyForm(), jobs: [] });

/** How often processing asks the server how far the transcoder is. */
export const PROCESSING_POLL_MS = 1000;

let nextJobId = 1;
const aborts = new Map<number, AbortController>();
const pollTimers = new Map<number, ReturnType<typeof setTimeout>>();
/** Resolvers of submitUpload calls, each waiting for its batch to be created (or to fail). */
const batchWaiters = new Map<number, () => void>();

const isActive = (phase: UploadPhase) => phase === 'validating' || phase === 'uploading';
const job = (id: number) => uploadsStore.jobs.find((j) => j.id === id);

function description(failure: ApiFailure): string | undefined {
  return failure.kind === 'http' ? failure.envelope.msg?.description || undefined : undefined;
}

// ---- the form ----

/** Files picked in the input or dropped: one keeps the form's title; several get a title each. */
export function chooseFiles(files: readonly File[]): void {
  const form = uploadsStore.form;
  form.files = files.map((file) => ref(file));
  form.error = null;
  // Spec §5: the title defaults to the filename without its extension.
  form.titles = files.length > 1 ? files.map((file) => defaultTrackTitle(file.name)) : [];
  if (files.length === 1 && !form.titleTouched) form.title = defaultTrackTitle(files[0]!.name);
}

export function setUploadField<K extends keyof TrackForm>(name: K, value: TrackForm[K]): void {
  (uploadsStore.form as TrackForm)[name] = value;
  if (name === 'title') uploadsStore.form.titleTouched = true;
}

export function setFileTitle(index: number, title: string): void {
  uploadsStore.form.titles[index] = title;
}

/** Empties the form, file input included; uploads under way carry on. */
export function resetForm(): void {
  uploadsStore.form = emptyForm();
}

/**
 * Sends the form: each file becomes an upload and the form empties. Resolves once every upload of
 * this batch has its track record (processing follows) — true — or once any of them failed.
 */
export async function submitUpload(): Promise<boolean> {
  const form = uploadsStore.form;
  const titles = form.files.length > 1 ? form.titles.map((t) => t.trim()) : [form.title.trim()];
  if (form.files.length === 0 || titles.some((title) => !title)) {
    form.error = TRACK_FORM_MSG.titleAndFileRequired;
    return false;
  }
  const shared = { description: form.description, visibility: form.visibility, tags: [...form.tags], artwork: form.artwork ? { ...form.artwork } : null };
  const ids = form.files.map((file, index) => {
    const id = nextJobId++;
    uploadsStore.jobs.push({
      id, file: ref(file), fields: { ...shared, title: titles[index]! }, phase: 'queued', error: null, detail: null, progress: null, track: null,
    });
    return id;
  });
  const created = Promise.all(ids.map((id) => new Promise<void>((resolve) => batchWaiters.set(id, resolve))));
  resetForm();
  pump();
  await created;
  return ids.every((id) => {
    const phase = job(id)?.phase;
    return phase === 'processing' || phase === 'ready';
  });
}

// ---- each upload ----

/** Starts the next queued upload when none is transferring: one transfer at a time. */
function pump(): void {
  if (uploadsStore.jobs.some((j) => isActive(j.phase))) return;
  const next = uploadsStore.jobs.find((j) => j.phase === 'queued');
  if (next) void run(next.id).finally(pump);
}

function settle(id: number): void {
  batchWaiters.get(id)?.();
  batchWaiters.delete(id);
}

function fail(id: number, line: string, detail?: string | null): void {
  const current = job(id);
  if (current) Object.assign(current, { phase: 'failed', error: line, detail: detail ?? null, progress: null });
  settle(id);
}

async function run(id: number): Promise<void> {
  const current = job(id);
  if (!current) return;
  Object.assign(current, { phase: 'validating', error: null, detail: null, track: null, progress: null });
  const { file, fields } = current;

  const local = checkAudioDeclaration({ filename: file.name, filesize: file.size, filetype: declaredFileType(file.name, file.type) });
  if (local) return fail(id, TRACK_FORM_MSG.audioValidationFailed, local.message);

  const checked = await preflight(file);
  if (!job(id)) return settle(id);
  if (!checked.ok) {
    if (checked.failure.kind === 'network') return fail(id, TRACK_FORM_MSG.uploadTransmissionFailed);
    const msg = checked.failure.envelope.msg;
    showToast({ kind: 'error', title: msg?.title || TRACK_MSG.preflightFailed, description: msg?.description, code: checked.failure.status });
    return fail(id, TRACK_FORM_MSG.uploadValidationFailed, msg?.description);
  }

  const sent = await sendFile(id, checked.envelope.data!, file);
  if (!job(id)) return settle(id);
  if (sent !== true) return fail(id, sent);

  job(id)!.phase = 'processing';
  const created = await createTrack({
    title: fields.title, description: fields.description, visibility: fields.visibility, tags: [...fields.tags],
    key: checked.envelope.data!.key, filename: file.name, mimetype: declaredFileType(file.name, file.type), extension: extensionOf(file.name), filesize: file.size,
    ...(fields.artwork ? { artwork_data: fields.artwork.artwork_data, artwork_mimetype: fields.artwork.artwork_mimetype, artwork_filename: fields.artwork.artwork_filename } : {}),
  });
  if (!created.ok) {
    if (created.failure.kind === 'network') return fail(id, TRACK_FORM_MSG.uploadTransmissionFailed);
    toastFailure(created.failure, { title: TRACK_MSG.creationFailed, description: TRACK_FORM_MSG.creationFailedDefault });
    return fail(id, TRACK_FORM_MSG.uploadValidationFailed, description(created.failure) ?? TRACK_FORM_MSG.creationFailedDefault);
  }
  toastSuccess(created);
  const track = created.envelope.data!.track;
  const made = job(id);
  if (made) made.track = { id: track.id, username: track.username, title: track.title, status: track.status, progress: track.progress };
  // The member's profile, if shown, counts the new track and its storage at once.
  memberChanged(track.username);
  settle(id);
  followProcessing(id, track.id);
}

/** The direct PUT; true, or the line the upload shows. */
async function sendFile(id: number, target: PreflightResult, file: File): Promise<true | string> {
  if (!target.upload_url) {
    showToast({ kind: 'error', title: UPLOAD_ERROR_CODES.invalidState, description: TRACK_FORM_MSG.invalidState });
    return TRACK_FORM_MSG.fileUploadFailed;
  }
  const current = job(id)!;
  current.phase = 'uploading';
  current.progress = { loaded: 0, total: file.size, percent: 0, rate: null, secondsLeft: null };
  const abort = new AbortController();
  aborts.set(id, abort);
  const outcome = await uploadFile(target, file, (progress) => {
    const shown = job(id);
    if (shown?.phase === 'uploading') shown.progress = progress;
  }, abort.signal);
  aborts.delete(id);
  const after = job(id);
  if (outcome.ok) {
    if (after) after.progress = { loaded: file.size, total: file.size, percent: 100, rate: after.progress?.rate ?? null, secondsLeft: 0 };
    return true;
  }
  if (outcome.kind === 'network') return TRACK_FORM_MSG.uploadTransmissionFailed;
  if (outcome.kind === 'refused') showToast({ kind: 'error', title: UPLOAD_ERROR_CODES.uploadFailed, description: TRACK_FORM_MSG.uploadFailed, code: outcome.status ?? undefined });
  return TRACK_FORM_MSG.fileUploadFailed;
}

/** Processing: the transcoder's percentage, asked for every second, until ready or failed. */
function followProcessing(id: number, trackId: number): void {
  const poll = async () => {
    pollTimers.delete(id);
    const result = await getTrack(trackId);
    const current = job(id);
    if (current?.track?.id !== trackId) return;
    if (result.ok) {
      const track = result.envelope.data!.track;
      current.track = { id: track.id, username: track.username, title: track.title, status: track.status, progress: track.progress };
      if (track.status === 'ready' || track.status === 'failed') {
        if (track.status === 'ready') current.phase = 'ready';
        else Object.assign(current, { phase: 'failed', error: TRACK_FORM_MSG.audioValidationFailed, detail: track.failure_reason ?? TRACK_MSG.trackFailed });
        memberChanged(track.username);
        return;
      }
    }
    pollTimers.set(id, setTimeout(() => void poll(), PROCESSING_POLL_MS));
  };
  pollTimers.set(id, setTimeout(() => void poll(), PROCESSING_POLL_MS));
}

function stop(id: number): void {
  aborts.get(id)?.abort();
  aborts.delete(id);
  clearTimeout(pollTimers.get(id));
  pollTimers.delete(id);
}

/** Stops an upload still transferring, or lets go of a finished or failed one's line. */
export function removeJob(id: number): void {
  stop(id);
  uploadsStore.jobs = uploadsStore.jobs.filter((j) => j.id !== id);
  settle(id);
  pump();
}

/** A failed upload, tried again as it was. */
export function retryJob(id: number): void {
  const current = job(id);
  if (current?.phase !== 'failed' || current.track) return;
  Object.assign(current, { phase: 'queued', error: null, detail: null });
  pump();
}

/** Spec §4: a failure returns to the form, with its file and fields, to change and send again. */
export function editJob(id: number): void {
  const current = job(id);
  if (current?.phase !== 'failed' || current.track) return;
  removeJob(id);
  const { title, description, visibility, tags, artwork } = current.fields;
  uploadsStore.form = {
    ...emptyForm(), title, description, visibility, tags: [...tags], artwork: artwork ? { ...artwork } : null,
    files: [ref(current.file)], titleTouched: true, error: [current.error, current.detail].filter(Boolean).join(': '),
  };
}

export function reset(): void {
  for (const { id } of uploadsStore.jobs) stop(id);
  for (const id of [...batchWaiters.keys()]) settle(id);
  uploadsStore.jobs = [];
  resetForm();
}
