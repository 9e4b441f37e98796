import { describe, it } from 'vitest';
import { projectionSpec } from '../../kit/spec-helpers';
import { USER_A, USER_B, deleted, played } from '../spec-events';
import { trackPlaysProjection } from './track-plays.projection';

const given = projectionSpec(trackPlaysProjection);

describe('track plays projection', () => {
  it('counts every play of each track, whoever listened', async () => {
    await given(played(7, USER_A, USER_B), played(7, USER_B, USER_B), played(8, USER_A, USER_B), played(7, USER_A, USER_B))
      .then('track_play_counts', [{ track_id: 7, play_count: 3 }, { track_id: 8, play_count: 1 }]);
  });

  it('forgets the count of a deleted track', async () => {
    await given(played(7, USER_A, USER_B), played(8, USER_A, USER_B), deleted(7, USER_B, 2))
      .then('track_play_counts', [{ track_id: 8, play_count: 1 }]);
  });
});
