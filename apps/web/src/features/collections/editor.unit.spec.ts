import { COLLECTION_NAME_MAX } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { confirmDelete, editorStore, formError, openCreate, openEdit, reset, setField, setRemoveArtwork, submit } from './editor';

const detail = (extra: Record<string, unknown> = {}) => ({
  id: 4, name: 'Night Drives', description: null, visibility: 'unlisted', artwork: '/v1/artwork/x.png', username: 'nova', tracks: [], ...extra,
});

describe('collection forms (spec §2, §4 Other, §5, §8)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says a name is required after trimming, or too long, and sends nothing then', async () => {
    const api = fakeApi({});
    expect(formError({ name: '   ', description: '' })).toBe('Collection name is required');
    expect(formError({ name: 'x'.repeat(COLLECTION_NAME_MAX + 1), description: '' })).toBe(`Collection name must be ${COLLECTION_NAME_MAX} characters or less`);
    expect(formError({ name: 'ok', description: 'd'.repeat(5001) })).toBe('Description must be 5000 characters or less');
    openCreate();
    setField('name', '  ');
    expect(await submit()).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('creates with trimmed fields and the chosen artwork', async () => {
    const api = fakeApi({ 'POST /v1/manage/collections': { status: 201, body: { status: 'success', status_code: 201, data: { collection: detail() } } } });
    openCreate();
    setField('name', '  Night Drives ');
    setField('artwork', { artwork_data: 'AAAA', artwork_mimetype: 'image/png', artwork_filename: 'a.png', preview: 'data:image/png;base64,AAAA' });
    expect(await submit()).toMatchObject({ id: 4 });
    expect(api.calls[0]?.body).toEqual({
      name: 'Night Drives', description: '', visibility: 'public', artwork_data: 'AAAA', artwork_mimetype: 'image/png', artwork_filename: 'a.png',
    });
  });

  it('edits what it loaded, and removing the stored artwork sends remove_artwork', async () => {
    const api = fakeApi({
      'GET /v1/collections/4': ok({ collection: detail() }),
      'PUT /v1/manage/collections/4': [failure(400, { title: 'Collection' }, { errors: { name: 'Collection name is required' } }), ok({ collection: detail({ artwork: null }) })],
    });
    await openEdit(4);
    expect(editorStore.form).toMatchObject({ name: 'Night Drives', visibility: 'unlisted', currentArtwork: '/v1/artwork/x.png' });
    setRemoveArtwork(true);
    expect(await submit()).toBeNull();
    expect(editorStore.form.error).toBe('Collection name is required');
    expect(await submit()).toMatchObject({ artwork: null });
    expect(api.callsTo('PUT /v1/manage/collections/4')[1]?.body).toEqual({ name: 'Night Drives', description: '', visibility: 'unlisted', remove_artwork: true });
  });

  it("shows 'Failed to delete collection' when the server gives no reason", async () => {
    fakeApi({ 'DELETE /v1/manage/collections/4': { status: 502, body: { status: 'error', status_code: 502 } } });
    expect(await confirmDelete(4)).toBe(false);
    expect(editorStore.remove.error).toBe('Failed to delete collection');
  });
});
