import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { shownFollow } from './follow';
import { collectionsStore, reset, toggleFollow } from './store';

const loaded = { is_following: false, followers_count: 1 };
const shown = () => shownFollow(loaded, collectionsStore.follows[9]);

describe('following a collection (spec §4 Collection follow)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts the follow at once, ignores a second click meanwhile, and keeps the server count', async () => {
    let answer: () => void = () => undefined;
    const api = fakeApi({
      'POST /v1/manage/collections/9/follow': () => new Promise((resolve) => {
        answer = () => resolve(ok({ collection_id: 9, is_following: true, followers_count: 2, follower_count: 2 }));
      }),
    });
    const first = toggleFollow(9, loaded);
    expect(shown()).toEqual({ is_following: true, followers_count: 2 });
    expect(collectionsStore.busy[9]).toBe(true);
    expect(await toggleFollow(9, loaded)).toBe(false);
    answer();
    expect(await first).toBe(true);
    expect(api.calls).toHaveLength(1);
    expect(collectionsStore.busy[9]).toBeUndefined();
    expect(shown()).toEqual({ is_following: true, followers_count: 2 });
  });

  it('rolls an unfollow back when refused, and says why', async () => {
    fakeApi({
      'POST /v1/manage/collections/9/follow': ok({ collection_id: 9, is_following: true, followers_count: 2, follower_count: 2 }),
      'DELETE /v1/manage/collections/9/follow': failure(404, { title: 'Collection', description: 'Collection not found' }),
    });
    await toggleFollow(9, loaded);
    const unfollow = toggleFollow(9, loaded);
    expect(shown()).toEqual({ is_following: false, followers_count: 1 });
    expect(await unfollow).toBe(false);
    expect(shown()).toEqual({ is_following: true, followers_count: 2 });
    expect(toasts.list).toMatchObject([{ kind: 'error', description: 'Collection not found' }]);
  });
});
