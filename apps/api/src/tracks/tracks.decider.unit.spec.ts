import type { TrackEvent, TrackUploaded } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError, given } from '../common/decider';
import { TrackErrors, trackDecider, type TrackCommand, type TranscodeResult } from './tracks.decider';

const uploadedData: TrackUploaded['data'] = {
  track_id: 7, user_id: 'owner', title: 'Song', slug: 'song', description: null, visibility: 'private', parent_id: null,
  tags: [{ id: 1, name: 'Ambient', slug: 'ambient' }], filename: 'song.flac', mimetype: 'audio/flac', extension: 'flac',
  filesize: 1000, source_key: 'uploads/owner/abc.flac', lossless: true, artwork: null,
};
const uploaded: TrackEvent = { type: 'TrackUploaded', data: uploadedData };
const result: TranscodeResult = {
  renditions: {
    standard: { key: 'tracks/7/standard.mp3', size: 10, mimetype: 'audio/mpeg', bitrate: 128 },
    high: { key: 'tracks/7/high.mp3', size: 20, mimetype: 'audio/mpeg', bitrate: 320 },
    lossless: { key: 'tracks/7/lossless.flac', size: 30, mimetype: 'audio/flac', bitrate: null },
  },
  duration: 61.5, bitrate: 900, peaks_key: 'tracks/7/peaks.json', peaks: [0, 0.5, 1],
};
const transcoded: TrackEvent = { type: 'TrackTranscoded', data: { track_id: 7, ...result } };
const failed: TrackEvent = { type: 'TrackTranscodeFailed', data: { track_id: 7, reason: 'Audio could not be decoded' } };
const deleted: TrackEvent = {
  type: 'TrackDeleted',
  data: { track_id: 7, user_id: 'owner', source_key: 'uploads/owner/abc.flac', artwork_key: null, renditions_prefix: 'tracks/7/' },
};
const update: TrackCommand = {
  type: 'UpdateTrack', actor_id: 'owner', title: 'New', slug: 'new', description: 'd', visibility: 'public', tags: [],
  artwork: null, remove_artwork: false,
};
const errorCode = (value: unknown) => (value instanceof DomainError ? value.code : value);

describe('track decider', () => {
  it('uploads a new track once', () => {
    expect(given(trackDecider, []).when({ type: 'UploadTrack', ...uploadedData })).toEqual([uploaded]);
    expect(errorCode(given(trackDecider, [uploaded]).when({ type: 'UploadTrack', ...uploadedData }))).toBe(TrackErrors.exists);
  });

  it('records a transcode outcome while processing, and ignores a second report', () => {
    expect(given(trackDecider, [uploaded]).when({ type: 'RecordTranscodeSuccess', ...result })).toEqual([transcoded]);
    expect(given(trackDecider, [uploaded, transcoded]).when({ type: 'RecordTranscodeSuccess', ...result })).toEqual([]);
    expect(given(trackDecider, [uploaded]).when({ type: 'RecordTranscodeFailure', reason: 'Audio could not be decoded' })).toEqual([failed]);
    expect(given(trackDecider, [uploaded, failed]).when({ type: 'RecordTranscodeSuccess', ...result })).toEqual([]);
  });

  it('refuses outcomes for a deleted or unknown track', () => {
    expect(errorCode(given(trackDecider, [uploaded, deleted]).when({ type: 'RecordTranscodeSuccess', ...result }))).toBe(TrackErrors.notFound);
    expect(errorCode(given(trackDecider, []).when({ type: 'RecordTranscodeFailure', reason: 'x' }))).toBe(TrackErrors.notFound);
  });

  it('lets only the owner edit, answering others as if the track did not exist', () => {
    const events = given(trackDecider, [uploaded, transcoded]).when(update);
    expect(events).toEqual([{ type: 'TrackUpdated', data: { track_id: 7, title: 'New', slug: 'new', description: 'd', visibility: 'public', tags: [] } }]);
    expect(errorCode(given(trackDecider, [uploaded]).when({ ...update, actor_id: 'stranger' }))).toBe(TrackErrors.notFound);
    expect(errorCode(given(trackDecider, [uploaded, deleted]).when(update))).toBe(TrackErrors.notFound);
  });

  it('changes artwork, remembering the old key so it can be removed from storage', () => {
    const artwork = { key: 'artwork/tracks/7/a.png', mimetype: 'image/png' };
    const changed = given(trackDecider, [uploaded]).when({ ...update, artwork });
    expect(changed).toContainEqual({ type: 'TrackArtworkChanged', data: { track_id: 7, artwork, previous_key: null } });
    const withArt: TrackEvent = { type: 'TrackArtworkChanged', data: { track_id: 7, artwork, previous_key: null } };
    expect(given(trackDecider, [uploaded, withArt]).when({ ...update, remove_artwork: true }))
      .toContainEqual({ type: 'TrackArtworkRemoved', data: { track_id: 7, previous_key: artwork.key } });
    // Removing artwork that is not there is no change.
    expect(given(trackDecider, [uploaded]).when({ ...update, remove_artwork: true })).toHaveLength(1);
  });

  it('is deleted by its owner once, listing every key it owned', () => {
    expect(given(trackDecider, [uploaded, transcoded]).when({ type: 'DeleteTrack', actor_id: 'owner' })).toEqual([deleted]);
    expect(errorCode(given(trackDecider, [uploaded, deleted]).when({ type: 'DeleteTrack', actor_id: 'owner' }))).toBe(TrackErrors.notFound);
    expect(errorCode(given(trackDecider, [uploaded]).when({ type: 'DeleteTrack', actor_id: 'stranger' }))).toBe(TrackErrors.notFound);
  });
});
