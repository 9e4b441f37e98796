import { describe, it } from 'vitest';
import { projectionSpec } from '../../kit/spec-helpers';
import { USER_A, USER_B, deleted, onTrack, tag, uploaded } from '../spec-events';
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

  it('keeps the counts the cloud and lists read: tracks in use and their owners per tag, listed tracks per tag, owners with any', async () => {
    const NIGHT = tag(3, 'Night Drive');
    const transcoded = (id: number) => onTrack(id, 2, { type: 'TrackTranscoded', data: { track_id: id, renditions: { standard: { key: 'k', size: 1, mimetype: 'audio/mpeg', bitrate: 128 }, high: { key: 'h', size: 1, mimetype: 'audio/mpeg', bitrate: 320 }, lossless: null }, duration: 60, bitrate: 128, peaks_key: null, peaks: [0, 1] } });
    const edited = (id: number, version: number, visibility: 'public' | 'unlisted' | 'private', tags: ReturnType<typeof tag>[]) =>
      onTrack(id, version, { type: 'TrackUpdated', data: { track_id: id, title: 'T', slug: 't', description: null, visibility, tags } });
    const spec = given(
      uploaded(1, USER_A, { visibility: 'public', tags: [AMBIENT, DRONE] }), transcoded(1),
      uploaded(2, USER_A, { visibility: 'public', tags: [AMBIENT] }),
      uploaded(3, USER_B, { visibility: 'public', tags: [AMBIENT] }), transcoded(3), edited(3, 3, 'private', [AMBIENT]),
      uploaded(4, USER_B, { visibility: 'unlisted', tags: [DRONE] }), transcoded(4), edited(4, 3, 'public', [DRONE, NIGHT]),
      uploaded(5, USER_B, { visibility: 'public', tags: [NIGHT] }), onTrack(5, 2, { type: 'TrackTranscodeFailed', data: { track_id: 5, reason: 'undecodable' } }),
      uploaded(6, USER_B, { visibility: 'public', tags: [AMBIENT, NIGHT] }), transcoded(6), deleted(6, USER_B, 3),
    );
    // Ambient: 1 and 2 (A's; 2 still processing, so not listed); 3 went private, 6 was deleted.
    // Drone: 1 (A) and 4 (B, made public). Night Drive: 4 only (5 failed).
    await spec.then('tag_usage_counts', [
      { tag_id: 1, name_key: 'ambient', usage_count: 2, unique_artists: 1, listed_count: 1 },
      { tag_id: 2, name_key: 'drone', usage_count: 2, unique_artists: 2, listed_count: 2 },
      { tag_id: 3, name_key: 'night drive', usage_count: 1, unique_artists: 1, listed_count: 1 },
    ]);
    await spec.then('tag_usage_artists', [{ user_id: USER_A, tracks: 2 }, { user_id: USER_B, tracks: 1 }]);
    await spec.then('tag_usage_totals', [{ key: 'unique_artists', value: 2 }]);
    // When nothing of a tag is in use any more its counts go, as a rebuild would never have made them.
    await given(
      uploaded(1, USER_A, { visibility: 'public', tags: [DRONE] }), transcoded(1), edited(1, 3, 'unlisted', [DRONE]),
    ).then('tag_usage_counts', []);
  });
});
