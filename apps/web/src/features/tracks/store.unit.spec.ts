import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { chooseFile, reset, setEditField, setUploadField, submitEdit, submitUpload, tracksStore } from './store';

const upload = vi.hoisted(() => ({ outcome: { ok: true } as { ok: boolean; kind?: string; status?: number | null } }));
vi.mock('./api/upload-file', () => ({
  uploadFile: vi.fn(async (_target: unknown, file: File, onProgress: (p: unknown) => void) => {
    onProgress({ loaded: file.size / 2, total: file.size, percent: 50, rate: 1000, secondsLeft: 1 });
    return upload.outcome;
  }),
}));

const PREFLIGHT = { upload_url: '/v1/storage/objects/uploads/u/x.mp3?sig=s', method: 'PUT', headers: { 'content-type': 'audio/mpeg' }, s3_path: 'k', key: 'k', expires_in: 3600, form_data: {} };
const mp3 = () => new File([new Uint8Array(5000)], 'Night Signal.mp3', { type: 'audio/mpeg' });

describe('upload and edit forms (spec §4 Upload, §5, §8)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
    upload.outcome = { ok: true };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('defaults the title to the filename and needs both a title and a file', async () => {
    expect(await submitUpload()).toBe(false);
    expect(tracksStore.upload.error).toBe('error: title and audio file required');
    chooseFile(mp3());
    expect(tracksStore.upload.title).toBe('Night Signal');
    expect(tracksStore.upload.visibility).toBe('public');
  });

  it('refuses a file that is not audio before asking the server', async () => {
    const api = fakeApi({});
    chooseFile(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    setUploadField('title', 'Notes');
    expect(await submitUpload()).toBe(false);
    expect(tracksStore.upload).toMatchObject({ phase: 'form', error: 'error: audio file validation failed', detail: expect.stringMatching(/^Invalid file extension/) });
    expect(api.calls).toEqual([]);
  });

  it('returns to the form with the preflight refusal', async () => {
    fakeApi({ 'POST /v1/manage/tracks/preflight': failure(413, { title: 'Preflight validation failed', description: 'Storage quota exceeded' }) });
    chooseFile(mp3());
    expect(await submitUpload()).toBe(false);
    expect(tracksStore.upload).toMatchObject({ phase: 'form', error: 'error: upload validation failed', detail: 'Storage quota exceeded' });
    expect(toasts.list).toMatchObject([{ kind: 'error', title: 'Preflight validation failed' }]);
  });

  it('says the file upload failed when storage refuses the PUT', async () => {
    fakeApi({ 'POST /v1/manage/tracks/preflight': ok(PREFLIGHT) });
    upload.outcome = { ok: false, kind: 'refused', status: 403 };
    chooseFile(mp3());
    expect(await submitUpload()).toBe(false);
    expect(tracksStore.upload.error).toBe('error: file upload failed');
    expect(toasts.list).toMatchObject([{ title: 'UPLOAD_FAILED', description: 'File upload failed' }]);
  });

  it('creates the track with the form, private only when asked, and follows processing', async () => {
    const api = fakeApi({
      'POST /v1/manage/tracks/preflight': ok(PREFLIGHT),
      'POST /v1/manage/tracks': ok({ track: { id: 7, username: 'nova', title: 'Night Signal', status: 'processing', progress: 0 } }),
    });
    chooseFile(mp3());
    setUploadField('tags', ['Ambient']);
    expect(await submitUpload()).toBe(true);
    expect(api.callsTo('POST /v1/manage/tracks')[0]!.body).toMatchObject({
      title: 'Night Signal', visibility: 'public', tags: ['Ambient'], key: 'k', filename: 'Night Signal.mp3', mimetype: 'audio/mpeg', extension: 'mp3', filesize: 5000,
    });
    expect(tracksStore.upload).toMatchObject({ phase: 'processing', track: { id: 7, progress: 0 } });
    reset();
  });

  it('shows the creation failure with the default text when the server gives none', async () => {
    fakeApi({ 'POST /v1/manage/tracks/preflight': ok(PREFLIGHT), 'POST /v1/manage/tracks': failure(500, {}) });
    chooseFile(mp3());
    expect(await submitUpload()).toBe(false);
    expect(toasts.list).toMatchObject([{ title: 'Track Creation Failed', description: 'Failed to create track record' }]);
  });

  it('needs a title to save an edit, and says when the update failed', async () => {
    fakeApi({ 'PUT /v1/manage/tracks': failure(400, { title: 'Update Failed' }) });
    tracksStore.edit.trackId = 7;
    setEditField('title', '   ');
    expect(await submitEdit()).toBeNull();
    expect(tracksStore.edit.error).toBe('error: title is required');
    setEditField('title', 'Renamed');
    expect(await submitEdit()).toBeNull();
    expect(tracksStore.edit.error).toBe('Track update failed');
    expect(toasts.list).toMatchObject([{ title: 'Update Failed', description: 'Track update failed' }]);
  });
});
