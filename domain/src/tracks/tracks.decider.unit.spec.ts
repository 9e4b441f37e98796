import type { TrackEvent, TrackUploaded } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { TrackErrors, trackDecider, type TrackCommand, type TranscodeResult } from './tracks.decider';

const given = deciderSpec(trackDecider);

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
/** Renditions of 60 bytes in all, for an owner with room to spare. */
const roomy = { used_bytes: 1000, quota_bytes: 1024 * 1024 };
const success = { type: 'RecordTranscodeSuccess', storage: roomy, ...result } as const;
const failed: TrackEvent = { type: 'TrackTranscodeFailed', data: { track_id: 7, reason: 'Audio could not be decoded' } };
const deleted: TrackEvent = {
  type: 'TrackDeleted',
  data: { track_id: 7, user_id: 'owner', source_key: 'uploads/owner/abc.flac', artwork_key: null, renditions_prefix: 'tracks/7/' },
};
const update: Extract<TrackCommand, { type: 'UpdateTrack' }> = {
  type: 'UpdateTrack', actor_id: 'owner', title: 'New', description: 'd', visibility: 'public', tags: [],
  artwork: null, remove_artwork: false,
};

describe('track decider', () => {
  it('uploads a new track once', () => {
    given([]).when({ type: 'UploadTrack', ...uploadedData }).then([uploaded]);
    given([uploaded]).when({ type: 'UploadTrack', ...uploadedData }).thenFails(TrackErrors.exists);
  });

  it('records a transcode outcome while processing, and ignores a second report', () => {
    given([uploaded]).when(success).then([transcoded]);
    given([uploaded, transcoded]).when(success).thenNothing();
    given([uploaded]).when({ type: 'RecordTranscodeFailure', reason: 'Audio could not be decoded' }).then([failed]);
    given([uploaded, failed]).when(success).thenNothing();
  });

  it('fails a track whose renditions would take the owner over their storage quota', () => {
    const MB = 1024 * 1024;
    const big = { ...result, renditions: { ...result.renditions, high: { ...result.renditions.high, size: 3 * MB } } };
    given([uploaded]).when({ type: 'RecordTranscodeSuccess', storage: { used_bytes: 1022 * MB, quota_bytes: 1024 * MB }, ...big }).then([{
      type: 'TrackTranscodeFailed',
      data: { track_id: 7, reason: "Storage quota exceeded: this track's playable versions need 3.0 MB and 2.0 MB of your 1024 MB are free" },
    }]);
    // Exactly full still fits.
    given([uploaded]).when({ type: 'RecordTranscodeSuccess', storage: { used_bytes: 1024 * MB - 60, quota_bytes: 1024 * MB }, ...result }).then([transcoded]);
  });

  it('counts a video track\'s video and poster against the quota, and records them with the renditions', () => {
    const video = {
      key: 'tracks/7/video.mp4', size: 2 * 1024 * 1024, mimetype: 'video/mp4', width: 640, height: 360,
      poster: { key: 'tracks/7/poster.jpg', size: 40, mimetype: 'image/jpeg' },
    };
    const quota = 1024 * 1024 * 1024;
    given([uploaded]).when({ type: 'RecordTranscodeSuccess', storage: { used_bytes: quota - 60 - video.size - 40, quota_bytes: quota }, ...result, video })
      .then([{ type: 'TrackTranscoded', data: { track_id: 7, ...result, video } }]);
    given([uploaded]).when({ type: 'RecordTranscodeSuccess', storage: { used_bytes: quota - 60 - video.size, quota_bytes: quota }, ...result, video }).then([{
      type: 'TrackTranscodeFailed',
      data: { track_id: 7, reason: "Storage quota exceeded: this track's playable versions need 2.0 MB and 2.0 MB of your 1024 MB are free" },
    }]);
  });

  it('refuses outcomes for a deleted or unknown track', () => {
    given([uploaded, deleted]).when(success).thenFails(TrackErrors.notFound);
    given([]).when({ type: 'RecordTranscodeFailure', reason: 'x' }).thenFails(TrackErrors.notFound);
  });

  it('lets only the owner edit, answering others as if the track did not exist', () => {
    given([uploaded, transcoded]).when(update)
      .then([{ type: 'TrackUpdated', data: { track_id: 7, title: 'New', slug: 'new', description: 'd', visibility: 'public', tags: [] } }]);
    given([uploaded]).when({ ...update, actor_id: 'stranger' }).thenFails(TrackErrors.notFound);
    given([uploaded, deleted]).when(update).thenFails(TrackErrors.notFound);
  });

  it('changes artwork, remembering the old key so it can be removed from storage', () => {
    const artwork = { key: 'artwork/tracks/7/a.png', mimetype: 'image/png' };
    const edited: TrackEvent = { type: 'TrackUpdated', data: { track_id: 7, title: 'New', slug: 'new', description: 'd', visibility: 'public', tags: [] } };
    const withArt: TrackEvent = { type: 'TrackArtworkChanged', data: { track_id: 7, artwork, previous_key: null } };
    given([uploaded]).when({ ...update, artwork }).then([edited, withArt]);
    given([uploaded, withArt]).when({ ...update, remove_artwork: true })
      .then([edited, { type: 'TrackArtworkRemoved', data: { track_id: 7, previous_key: artwork.key } }]);
    // Removing artwork that is not there is no change.
    given([uploaded]).when({ ...update, remove_artwork: true }).then([edited]);
  });

  it('is deleted by its owner once, listing every key it owned', () => {
    given([uploaded, transcoded]).when({ type: 'DeleteTrack', actor_id: 'owner' }).then([deleted]);
    given([uploaded, deleted]).when({ type: 'DeleteTrack', actor_id: 'owner' }).thenFails(TrackErrors.notFound);
    given([uploaded]).when({ type: 'DeleteTrack', actor_id: 'stranger' }).thenFails(TrackErrors.notFound);
  });
});

describe('track decider: partial edits', () => {
  const edit = (fields: Partial<Extract<TrackCommand, { type: 'UpdateTrack' }>>): TrackCommand =>
    ({ type: 'UpdateTrack', actor_id: 'owner', artwork: null, remove_artwork: false, ...fields });
  const described: TrackEvent = {
    type: 'TrackUpdated', data: { track_id: 7, title: 'Song', slug: 'song', description: 'liner notes', visibility: 'private', tags: uploadedData.tags },
  };

  it('keeps every field the edit leaves out, as the stream last recorded it', () => {
    given([uploaded, described]).when(edit({ visibility: 'public' }))
      .then([{ type: 'TrackUpdated', data: { ...described.data, visibility: 'public' } }]);
  });

  it('renames with a new slug and keeps description, visibility and tags', () => {
    given([uploaded, described]).when(edit({ title: 'Second Take' }))
      .then([{ type: 'TrackUpdated', data: { ...described.data, title: 'Second Take', slug: 'second-take' } }]);
  });

  it('clears the description only when asked with null, and the tags only with an empty list', () => {
    given([uploaded, described]).when(edit({ description: null, tags: [] }))
      .then([{ type: 'TrackUpdated', data: { ...described.data, description: null, tags: [] } }]);
  });

  it('records nothing when the edit changes nothing', () => {
    given([uploaded, described]).when(edit({ title: 'Song', visibility: 'private' })).thenNothing();
  });
});
