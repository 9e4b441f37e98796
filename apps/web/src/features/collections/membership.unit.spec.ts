import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { isHeld, membershipStore, openCollectionDialog, openTrackDialog, reset, toggleTrack } from './membership';

const collection = (id: number, name: string) => ({ id, name, track_count: 1, visibility: 'public' });
const track = (id: number) => ({ id, title: `t${id}` });

describe('which tracks sit in which collections (spec §2 manageTrackCollections, manageCollectionTracks)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

  it("ticks the member's collections that hold the track", async () => {
    const api = fakeApi({
      'GET /v1/manage/collections': ok({ collections: [collection(1, 'a'), collection(2, 'b')], total: 2, has_more: false }),
      'GET /v1/tracks/9/collections': ok({ collections: [collection(2, 'b')], total_collections: 1, has_more: false }),
    });
    await openTrackDialog(9);
    expect(membershipStore.trackDialog.collections.map((c) => c.id)).toEqual([1, 2]);
    expect([isHeld(membershipStore, 1, 9), isHeld(membershipStore, 2, 9)]).toEqual([false, true]);
    expect(api.calls.find((c) => c.path === '/v1/tracks/9/collections')).toBeDefined();
  });

  it('lists the collection’s tracks first, then saved tracks not in it, each once', async () => {
    fakeApi({
      'GET /v1/collections/4': ok({ collection: { id: 4, tracks: [track(1), track(2)] } }),
      'GET /v1/library/user/nova': ok({ tracks: [track(2), track(3)], total_tracks: 2, has_more: false }),
    });
    await openCollectionDialog(4);
    expect(membershipStore.collectionDialog.tracks.map((t) => t.id)).toEqual([1, 2, 3]);
    expect([1, 2, 3].map((id) => isHeld(membershipStore, 4, id))).toEqual([true, true, false]);
  });

  it('shows a tick at once, keeps the server count, and ignores a second press meanwhile', async () => {
    let answer: () => void = () => undefined;
    const api = fakeApi({
      'POST /v1/manage/collections/4/tracks': () => new Promise((resolve) => {
        answer = () => resolve(ok({ collection_id: 4, track_id: 3, in_collection: true, track_count: 3 }));
      }),
    });
    const adding = toggleTrack(4, 3);
    expect(isHeld(membershipStore, 4, 3)).toBe(true);
    expect(await toggleTrack(4, 3)).toBe(false);
    answer();
    expect(await adding).toBe(true);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ track_id: 3 });
    expect(membershipStore.counts[4]).toBe(3);
    expect(membershipStore.changed).toBe(true);
  });

  it('puts a refused removal back and says why', async () => {
    fakeApi({
      'GET /v1/collections/4': ok({ collection: { id: 4, tracks: [track(1)] } }),
      'GET /v1/library/user/nova': ok({ tracks: [], total_tracks: 0, has_more: false }),
      'DELETE /v1/manage/collections/4/tracks/1': failure(404, { title: 'Collection', description: 'Collection not found' }),
    });
    await openCollectionDialog(4);
    expect(await toggleTrack(4, 1)).toBe(false);
    expect(isHeld(membershipStore, 4, 1)).toBe(true);
    expect(toasts.list).toMatchObject([{ kind: 'error', description: 'Collection not found' }]);
    expect(membershipStore.changed).toBe(false);
  });
});
