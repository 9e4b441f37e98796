import { describe, expect, it } from 'vitest';
import { optimisticFollow, shownFollow } from './follow';

describe('optimistic collection follow (spec §4)', () => {
  it('adds one follower on follow and takes one away on unfollow', () => {
    expect(optimisticFollow({ is_following: false, followers_count: 4 }, true)).toEqual({ is_following: true, followers_count: 5 });
    expect(optimisticFollow({ is_following: true, followers_count: 5 }, false)).toEqual({ is_following: false, followers_count: 4 });
  });

  it('never counts below 0', () => {
    expect(optimisticFollow({ is_following: true, followers_count: 0 }, false)).toEqual({ is_following: false, followers_count: 0 });
  });

  it('leaves the count alone when the state does not change', () => {
    expect(optimisticFollow({ is_following: true, followers_count: 3 }, true)).toEqual({ is_following: true, followers_count: 3 });
  });

  it('shows a follow made here until the collection is loaded again', () => {
    const loaded = { is_following: false, followers_count: 2 };
    const change = { from: loaded, now: { is_following: true, followers_count: 3 } };
    expect(shownFollow(loaded, change)).toEqual(change.now);
    expect(shownFollow({ is_following: true, followers_count: 7 }, change)).toEqual({ is_following: true, followers_count: 7 });
    expect(shownFollow(loaded, undefined)).toEqual(loaded);
  });
});
