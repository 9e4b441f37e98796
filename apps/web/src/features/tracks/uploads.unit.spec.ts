import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { revisions, reset as resetRevisions } from '../../lib/revisions/store';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok, type FakeCall } from '../../testing/fake-fetch';
import { chooseFiles, editJob, reset, retryJob, setFileTitle, setUploadField, submitUpload, uploadsStore } from './uploads';

/** Each transfer waits for the test to let it finish, so the order of transfers shows. */
const transfers = vi.hoisted(() => ({ outcome: { ok: true } as { ok: boolean; kind?: string; status?: number | null }, refused: [] as string[], started: [] as string[], hold: false, release: [] as (() => void)[] }));
vi.mock('./api/upload-file', () => ({
  uploadFile: vi.fn(async (_target: unknown, file: File, onProgress: (p: unknown) => void) => {
    transfers.started.push(file.name);
    onProgress({ loaded: file.size / 2, total: file.size, percent: 50, rate: 1000, secondsLeft: 1 });
    if (transfers.hold) await new Promise<void>((resolve) => transfers.release.push(resolve));
    return transfers.refused.includes(file.name) ? { ok: false, kind: 'refused', status: 403 } : transfers.outcome;
  }),
}));

const PREFLIGHT = { upload_url: '/v1/storage/objects/uploads/u/x.mp3?sig=s', method: 'PUT', headers: { 'content-type': 'audio/mpeg' }, s3_path: 'k', key: 'k', expires_in: 3600, form_data: {} };
const audio = (name: string) => new File([new Uint8Array(5000)], name, { type: 'audio/mpeg' });
let nextTrackId = 7;
const created = (call: FakeCall) => ok({ track: { id: nextTrackId++, username: 'nova', title: (call.body as { title: string }).title, status: 'processing', progress: 0 } });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploads (spec §4 Upload, §5, §8), one per file', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetRevisions();
    resetSession();
    adoptSession('t', aMember());
    Object.assign(transfers, { outcome: { ok: true }, refused: [], started: [], hold: false, release: [] });
  });
  afterEach(() => {
    reset();
    vi.unstubAllGlobals();
  });

  it('defaults the title to the filename and needs both a title and a file', async () => {
    expect(await submitUpload()).toBe(false);
    expect(uploadsStore.form.error).toBe('error: title and audio file required');
    chooseFiles([audio('Night Signal.mp3')]);
    expect(uploadsStore.form.title).toBe('Night Signal');
    expect(uploadsStore.form.visibility).toBe('public');
    setUploadField('title', '  ');
    expect(await submitUpload()).toBe(false);
    expect(uploadsStore.jobs).toEqual([]);
  });

  it('creates the track with the form, then empties the form completely, file input included', async () => {
    const api = fakeApi({ 'POST /v1/manage/tracks/preflight': ok(PREFLIGHT), 'POST /v1/manage/tracks': created });
    chooseFiles([audio('Night Signal.mp3')]);
    setUploadField('tags', ['Ambient']);
    setUploadField('description', 'late');
    const formKey = uploadsStore.form.formKey;
    expect(await submitUpload()).toBe(true);
    expect(api.callsTo('POST /v1/manage/tracks')[0]!.body).toMatchObject({
      title: 'Night Signal', description: 'late', visibility: 'public', tags: ['Ambient'], key: 'k', filename: 'Night Signal.mp3', mimetype: 'audio/mpeg', extension: 'mp3', filesize: 5000,
    });
    expect(uploadsStore.jobs).toMatchObject([{ phase: 'processing', track: { id: 7, progress: 0 } }]);
    expect(uploadsStore.form).toMatchObject({ files: [], title: '', description: '', tags: [], artwork: null, titleTouched: false, error: null });
    // A new key draws a new file input, which holds no file.
    expect(uploadsStore.form.formKey).not.toBe(formKey);
    // The uploader's profile, if shown, loads again.
    expect(revisions.members.nova).toBe(1);
  });

  it('makes several uploads of several files, each with its title and progress, transferring one at a time', async () => {
    const api = fakeApi({ 'POST /v1/manage/tracks/preflight': ok(PREFLIGHT), 'POST /v1/manage/tracks': created });
    transfers.hold = true;
    chooseFiles([audio('one.mp3'), audio('two.flac'), audio('three.wav')]);
    expect(uploadsStore.form.titles).toEqual(['one', 'two', 'three']);
    setFileTitle(1, 'Second');
    setUploadField('visibility', 'unlisted');
    const done = submitUpload();
    await vi.waitFor(() => expect(transfers.started).toEqual(['one.mp3']));
    expect(uploadsStore.jobs.map((job) => [job.fields.title, job.phase])).toEqual([['one', 'uploading'], ['Second', 'queued'], ['three', 'queued']]);
    expect(uploadsStore.jobs[0]!.progress).toMatchObject({ percent: 50 });
    transfers.release.shift()!();
    await vi.waitFor(() => expect(transfers.started).toEqual(['one.mp3', 'two.flac']));
    transfers.release.shift()!();
    await vi.waitFor(() => expect(transfers.started).toHaveLength(3));
    transfers.release.shift()!();
    expect(await done).toBe(true);
    const bodies = api.callsTo('POST /v1/manage/tracks').map((call) => call.body as { title: string; visibility: string; filename: string });
    expect(bodies.map((b) => [b.title, b.visibility, b.filename])).toEqual([['one', 'unlisted', 'one.mp3'], ['Second', 'unlisted', 'two.flac'], ['three', 'unlisted', 'three.wav']]);
    expect(uploadsStore.jobs.map((job) => job.phase)).toEqual(['processing', 'processing', 'processing']);
  });

  it('refuses a file that is not audio before asking the server, and takes it back into the form', async () => {
    const api = fakeApi({});
    chooseFiles([new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    setUploadField('title', 'Notes');
    expect(await submitUpload()).toBe(false);
    expect(uploadsStore.jobs).toMatchObject([{ phase: 'failed', error: 'error: audio file validation failed', detail: expect.stringMatching(/^Invalid file extension/) }]);
    expect(api.calls).toEqual([]);
    editJob(uploadsStore.jobs[0]!.id);
    expect(uploadsStore.jobs).toEqual([]);
    expect(uploadsStore.form).toMatchObject({ title: 'Notes', error: expect.stringMatching(/^error: audio file validation failed: Invalid file extension/) });
    expect(uploadsStore.form.files.map((file) => file.name)).toEqual(['notes.txt']);
  });

  it('shows the preflight refusal on its upload, which can be tried again', async () => {
    fakeApi({
      'POST /v1/manage/tracks/preflight': [failure(413, { title: 'Preflight validation failed', description: 'Storage quota exceeded' }), ok(PREFLIGHT)],
      'POST /v1/manage/tracks': created,
    });
    chooseFiles([audio('Night Signal.mp3')]);
    expect(await submitUpload()).toBe(false);
    expect(uploadsStore.jobs).toMatchObject([{ phase: 'failed', error: 'error: upload validation failed', detail: 'Storage quota exceeded' }]);
    expect(toasts.list).toMatchObject([{ kind: 'error', title: 'Preflight validation failed' }]);
    retryJob(uploadsStore.jobs[0]!.id);
    await vi.waitFor(() => expect(uploadsStore.jobs[0]!.phase).toBe('processing'));
  });

  it('says the file upload failed when storage refuses the PUT, and the next file still goes', async () => {
    fakeApi({ 'POST /v1/manage/tracks/preflight': ok(PREFLIGHT), 'POST /v1/manage/tracks': created });
    transfers.refused = ['a.mp3'];
    chooseFiles([audio('a.mp3'), audio('b.mp3')]);
    expect(await submitUpload()).toBe(false);
    expect(uploadsStore.jobs.map((job) => [job.phase, job.error])).toEqual([['failed', 'error: file upload failed'], ['processing', null]]);
    expect(toasts.list).toMatchObject([{ title: 'UPLOAD_FAILED', description: 'File upload failed' }]);
  });

  it('shows the creation failure with the default text when the server gives none', async () => {
    fakeApi({ 'POST /v1/manage/tracks/preflight': ok(PREFLIGHT), 'POST /v1/manage/tracks': failure(500, {}) });
    chooseFiles([audio('Night Signal.mp3')]);
    expect(await submitUpload()).toBe(false);
    expect(toasts.list).toMatchObject([{ title: 'Track Creation Failed', description: 'Failed to create track record' }]);
    await flush();
    expect(uploadsStore.jobs[0]!.detail).toBe('Failed to create track record');
  });
});
