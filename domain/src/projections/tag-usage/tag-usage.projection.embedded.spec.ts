import { describe, it } from 'vitest';
import { projectionSpec } from '../../kit/spec-helpers';
import { USER_A, deleted, onTrack, tag, uploaded } from '../spec-events';
import { tagUsageProjection } from './tag-usage.projection';

const given = projectionSpec(tagUsageProjection);
const AMBIENT = tag(1, 'Ambient');
const DRONE = tag(2, 'Drone');

describe('tag usage projection', () => {
  it('records the tags of each track and whether it is public (unlisted and private are not)', async () => {
    await given(
      uploaded(1, USER_A, { visibility: 'public', tags: [AMBIENT, DRONE] }),
      uploaded(2, USER_A, { visibility: 'unlisted', tags: [AMBIENT] }),
      uploaded(3, USER_A, { visibility: 'private', tags: [DRONE] }),
    ).then('tag_usage_tracks', [
      { track_id: 1, user_id: USER_A, public: true, failed: false, tag_ids: [1, 2] },
      { track_id: 2, public: false, tag_ids: [1] },
      { track_id: 3, public: false, tag_ids: [2] },
    ]);
  });

  it('follows an edit of visibility and tags', async () => {
    await given(
      uploaded(1, USER_A, { visibility: 'private', tags: [AMBIENT] }),
      onTrack(1, 2, { type: 'TrackUpdated', data: { track_id: 1, title: 'T', slug: 't', description: null, visibility: 'public', tags: [DRONE] } }),
    ).then('tag_usage_tracks', [{ track_id: 1, public: true, tag_ids: [2] }]);
    await given(
      uploaded(1, USER_A, { visibility: 'public', tags: [AMBIENT] }),
      onTrack(1, 2, { type: 'TrackUpdated', data: { track_id: 1, title: 'T', slug: 't', description: null, visibility: 'unlisted', tags: [] } }),
    ).then('tag_usage_tracks', [{ track_id: 1, public: false, tag_ids: [] }]);
  });

  it('marks a track that failed to transcode, and drops a deleted one', async () => {
    await given(
      uploaded(1, USER_A, { tags: [AMBIENT] }),
      uploaded(2, USER_A, { tags: [AMBIENT] }),
      onTrack(1, 2, { type: 'TrackTranscodeFailed', data: { track_id: 1, reason: 'undecodable' } }),
      deleted(2, USER_A, 2),
    ).then('tag_usage_tracks', [{ track_id: 1, failed: true }]);
  });

  it('keeps one row when the same upload is applied again', async () => {
    const once = { ...uploaded(1, USER_A, { visibility: 'public', tags: [AMBIENT] }), global_position: 5 };
    await given(once, once).then('tag_usage_tracks', [{ track_id: 1, public: true, tag_ids: [1] }]);
  });
});
