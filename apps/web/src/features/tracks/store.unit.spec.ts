import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi } from '../../testing/fake-fetch';
import { reset, setEditField, submitEdit, tracksStore } from './store';

describe('the edit form (spec §4, §5, §8)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

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
