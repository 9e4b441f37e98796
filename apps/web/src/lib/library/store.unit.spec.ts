import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../session/store';
import { reset as resetToasts, toasts } from '../toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { librariesToKeep, type CachedLibrary } from './cache';
import { isSaved, libraryStore, loadLibrary, loadSavedIds, remember, remove, reset, save } from './store';

const track = (id: number) => ({ id, title: `t${id}`, saved_at: '2026-11-20T10:00:00.000Z' }) as unknown as CachedLibrary['tracks'][number];
const library = (...ids: number[]): CachedLibrary => ({ tracks: ids.map(track), totalTracks: ids.length, hasMore: false, page: 1, pageSize: 20 });
const page = (...ids: number[]) => ok({ tracks: ids.map(track), total_tracks: ids.length, has_more: false });

describe('the library store (spec §4 Library)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the own library and the 8 other members used last', () => {
    const recent = ['m10', 'm9', 'nova', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1'];
    expect(librariesToKeep(recent, 'Nova')).toEqual(['nova', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3']);
    expect(librariesToKeep(['m2', 'm1'], 'nova')).toEqual(['m2', 'm1']);

    for (let n = 1; n <= 10; n++) remember(`m${n}`, library(n));
    remember('NOVA', library(99));
    remember('m1', library(1));
    expect(libraryStore.recent).toEqual(['m1', 'nova', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4']);
    expect(Object.keys(libraryStore.libraries).sort()).toEqual([...libraryStore.recent].sort());
    // Other members come and go; the own library stays however long ago it was opened.
    for (let n = 11; n <= 30; n++) remember(`m${n}`, library(n));
    expect(libraryStore.recent).toHaveLength(9);
    expect(libraryStore.recent).toContain('nova');
    expect(libraryStore.libraries.nova?.tracks.map((t) => t.id)).toEqual([99]);
  });

  it('shows a save at once and puts it back, with the reason, when refused', async () => {
    let answer: (value: ReturnType<typeof failure>) => void = () => undefined;
    fakeApi({ 'POST /v1/manage/library': () => new Promise((resolve) => (answer = resolve)) });
    const saving = save(7);
    expect(isSaved(libraryStore, { id: 7, in_library: false })).toBe(true);
    expect(await save(7)).toBe(false);
    answer(failure(404, { title: 'Track', description: 'Track not found' }));
    expect(await saving).toBe(false);
    expect(isSaved(libraryStore, { id: 7, in_library: false })).toBe(false);
    expect(toasts.list).toMatchObject([{ kind: 'error', description: 'Track not found' }]);
  });

  it('removes at once, drops the track from the own cached page, and names the collections it left', async () => {
    fakeApi({
      'GET /v1/library/user/nova': page(3, 4),
      'DELETE /v1/manage/library': ok({ track_id: 3, in_library: false, saved_by_count: 0, affected_collections: [11, 12] }, { msg: { title: 'Library', description: 'Track removed from your library' } }),
    });
    await loadLibrary('nova', { page: 1, limit: 20, offset: 0 });
    const removing = remove(3);
    expect(isSaved(libraryStore, { id: 3, in_library: true })).toBe(false);
    expect(await removing).toEqual([11, 12]);
    expect(libraryStore.libraries.nova).toMatchObject({ totalTracks: 1 });
    expect(libraryStore.libraries.nova?.tracks.map((t) => t.id)).toEqual([4]);
    expect(libraryStore.removal).toEqual({ busy: false, error: null });
  });

  it('puts a refused removal back and says so in the dialog', async () => {
    vi.useFakeTimers();
    fakeApi({ 'DELETE /v1/manage/library': failure(500, { title: 'Library' }) });
    expect(await remove(3)).toBeNull();
    expect(isSaved(libraryStore, { id: 3, in_library: true })).toBe(true);
    expect(libraryStore.removal).toEqual({ busy: true, error: 'Failed to remove track from library' });
    vi.advanceTimersByTime(300);
    expect(libraryStore.removal.busy).toBe(false);
    vi.useRealTimers();
  });

  it('loads every saved id after login, and takes a 404 quietly by clearing the status', async () => {
    const api = fakeApi({ 'GET /v1/library/user/nova': [page(5, 6), failure(404, { title: 'User' })] });
    await loadSavedIds();
    expect(api.calls[0]?.path).toBe('/v1/library/user/nova');
    expect(isSaved(libraryStore, { id: 5, in_library: false })).toBe(true);
    await loadSavedIds();
    expect(libraryStore.saved).toEqual({});
    expect(isSaved(libraryStore, { id: 5, in_library: false })).toBe(false);
    expect(toasts.list).toEqual([]);
  });
});
