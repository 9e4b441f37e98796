import { peaksForDrawing, type TrackRenditions } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { projectionSpec } from '../../kit/spec-helpers';
import { USER_A, USER_B, deleted, onTrack, registered, tag, uploaded } from '../spec-events';
import { usersProjection } from '../users/users.projection';
import { tracksProjection } from './tracks.projection';

// Tracks belong to accounts: the users read model provides them.
const given = projectionSpec(tracksProjection, { alongside: [usersProjection] });
const at = (iso: string) => new Date(iso);

const AMBIENT = tag(1, 'Ambient');
const DRONE = tag(2, 'Drone');
const NIGHT = tag(3, 'Night Drive');
const SOLO = tag(9, 'Solo');
const rendition = (key: string) => ({ key, size: 100, mimetype: 'audio/mpeg', bitrate: 128 });
const RENDITIONS: TrackRenditions = { standard: rendition('tracks/7/standard.mp3'), high: rendition('tracks/7/high.mp3'), lossless: null };
const tagsOf = (trackId: number) => (db: Parameters<Parameters<ReturnType<typeof given>['thenQuery']>[0]>[0]) =>
  db.selectFrom('track_tags').innerJoin('tags', 'tags.id', 'track_tags.tag_id').select(['tags.name', 'track_tags.position'])
    .where('track_tags.track_id', '=', trackId).orderBy('track_tags.position').execute();

describe('tracks projection', () => {
  it('adds an uploaded track as processing, with its tags in order, registering tags it names', async () => {
    const spec = given(registered(USER_A, 'Nova'), { ...uploaded(7, USER_A, { visibility: 'unlisted', tags: [DRONE, AMBIENT] }), recorded_at: at('2026-06-01T10:00:00Z') });
    await spec.then('tracks', [{
      id: 7, user_id: USER_A, title: 'Track 7', visibility: 'unlisted', status: 'processing', failure_reason: null, renditions: null,
      list_peaks: null, duration: null, source_key: `uploads/${USER_A}/t7.flac`, lossless: true, created_at: at('2026-06-01T10:00:00Z'),
      updated_at: at('2026-06-01T10:00:00Z'), version: 1,
    }]);
    await spec.thenQuery(tagsOf(7), [{ name: 'Drone', position: 0 }, { name: 'Ambient', position: 1 }]);
  });

  it('records the transcoder outcome: ready with renditions and packed waveforms, or failed with the reason', async () => {
    const spec = given(
      registered(USER_A, 'Nova'),
      uploaded(7, USER_A),
      uploaded(8, USER_A),
      onTrack(7, 2, { type: 'TrackTranscoded', data: { track_id: 7, renditions: RENDITIONS, duration: 4.2, bitrate: 900, peaks_key: 'tracks/7/peaks.json', peaks: [0, 0.5, -1, 1] } }),
      onTrack(8, 2, { type: 'TrackTranscodeFailed', data: { track_id: 8, reason: 'The file could not be decoded' } }),
    // 0, 0.5, -1 and 1 as signed bytes: 0, 64, -127 (0x81) and 127 (0x7f).
    );
    await spec.then('tracks', [
      { id: 7, status: 'ready', renditions: RENDITIONS, duration: 4.2, bitrate: 900, list_peaks: 'AECBfw==', peaks_key: 'tracks/7/peaks.json', version: 2 },
      { id: 8, status: 'failed', failure_reason: 'The file could not be decoded', renditions: null, version: 2 },
    ]);
    // The full waveform lives in a table of its own, out of the rows lists read.
    await spec.then('track_waveforms', [{ track_id: 7, peaks: 'AECBfw==' }]);
  });

  it('stores a video track\'s rendition and poster, and no video for a track whose event has none (recorded before video uploads)', async () => {
    const video = {
      key: 'tracks/7/video.mp4', size: 5000, mimetype: 'video/mp4', width: 640, height: 360,
      poster: { key: 'tracks/7/poster.jpg', size: 300, mimetype: 'image/jpeg' },
    };
    await given(
      registered(USER_A, 'Nova'),
      uploaded(7, USER_A),
      uploaded(8, USER_A),
      onTrack(7, 2, { type: 'TrackTranscoded', data: { track_id: 7, renditions: RENDITIONS, duration: 3, bitrate: 900, peaks_key: null, peaks: [0, 0.5], video } }),
      onTrack(8, 2, { type: 'TrackTranscoded', data: { track_id: 8, renditions: RENDITIONS, duration: 3, bitrate: 900, peaks_key: null, peaks: [0, 0.5] } }),
    ).then('tracks', [{ id: 7, status: 'ready', video }, { id: 8, status: 'ready', video: null }]);
  });

  it('keeps every pair of a long waveform, and 400 pairs with the loudest moment for lists', async () => {
    const peaks = Array.from({ length: 1800 }, (_, i) => (i === 900 ? [-1, 1] : [-0.25, 0.25])).flat();
    const drawn = async (db: Parameters<Parameters<ReturnType<typeof given>['thenQuery']>[0]>[0]) => {
      const row = await db.selectFrom('tracks').innerJoin('track_waveforms', 'track_waveforms.track_id', 'tracks.id')
        .select(['track_waveforms.peaks', 'tracks.list_peaks']).executeTakeFirstOrThrow();
      const full = peaksForDrawing(row.peaks!);
      const list = peaksForDrawing(row.list_peaks!);
      return { full: full.length, list: list.length, listRange: [Math.min(...list), Math.max(...list)] };
    };
    await given(
      registered(USER_A, 'Nova'),
      uploaded(7, USER_A),
      onTrack(7, 2, { type: 'TrackTranscoded', data: { track_id: 7, renditions: RENDITIONS, duration: 60, bitrate: 900, peaks_key: null, peaks } }),
    ).thenQuery(drawn, { full: 3600, list: 800, listRange: [-1, 1] });
  });

  it('replaces title, visibility and the whole tag list on an edit', async () => {
    const spec = given(
      registered(USER_A, 'Nova'),
      uploaded(7, USER_A, { tags: [AMBIENT, DRONE] }),
      onTrack(7, 2, { type: 'TrackUpdated', data: { track_id: 7, title: 'Dusk', slug: 'dusk', description: 'late', visibility: 'private', tags: [NIGHT, AMBIENT] } }, at('2026-06-02T10:00:00Z')),
    );
    await spec.then('tracks', [{ id: 7, title: 'Dusk', slug: 'dusk', description: 'late', visibility: 'private', updated_at: at('2026-06-02T10:00:00Z'), version: 2 }]);
    await spec.thenQuery(tagsOf(7), [{ name: 'Night Drive', position: 0 }, { name: 'Ambient', position: 1 }]);
  });

  it('sets and removes the artwork', async () => {
    const artwork = { key: 'artwork/7/a.webp', mimetype: 'image/webp' };
    await given(
      registered(USER_A, 'Nova'),
      uploaded(7, USER_A),
      onTrack(7, 2, { type: 'TrackArtworkChanged', data: { track_id: 7, artwork, previous_key: null } }),
    ).then('tracks', [{ id: 7, artwork_key: 'artwork/7/a.webp', artwork_mimetype: 'image/webp', version: 2 }]);
    await given(
      registered(USER_A, 'Nova'),
      uploaded(7, USER_A, { artwork }),
      onTrack(7, 2, { type: 'TrackArtworkRemoved', data: { track_id: 7, previous_key: artwork.key } }),
    ).then('tracks', [{ id: 7, artwork_key: null, artwork_mimetype: null, version: 2 }]);
  });

  it('removes a deleted track and its tags, and keeps the tag registry and other tracks', async () => {
    const spec = given(
      registered(USER_A, 'Nova'),
      uploaded(7, USER_A, { tags: [SOLO, AMBIENT] }),
      uploaded(8, USER_A, { tags: [AMBIENT, DRONE] }),
      deleted(7, USER_A, 2),
    );
    await spec.then('tracks', [{ id: 8 }]);
    await spec.then('member_track_counts', [{ user_id: USER_A, tracks: 1, listed: 0 }]);
    await spec.thenQuery(tagsOf(7), []);
    await spec.thenQuery(tagsOf(8), [{ name: 'Ambient', position: 0 }, { name: 'Drone', position: 1 }]);
    // The registry outlives its tracks (it hands out ids before their events are appended).
    await spec.thenQuery((db) => db.selectFrom('tags').select('name').where('id', '=', SOLO.id).execute(), [{ name: 'Solo' }]);
  });

  it('keeps each member\'s tracks and listed tracks, and the tracks listed to everyone, through outcomes, edits and deletions', async () => {
    const transcoded = (id: number) => onTrack(id, 2, { type: 'TrackTranscoded', data: { track_id: id, renditions: RENDITIONS, duration: 60, bitrate: 128, peaks_key: null, peaks: [0, 1] } });
    const edited = (id: number, version: number, visibility: 'public' | 'unlisted' | 'private') =>
      onTrack(id, version, { type: 'TrackUpdated', data: { track_id: id, title: 'T', slug: 't', description: null, visibility, tags: [] } });
    const spec = given(
      registered(USER_A, 'Nova'),
      registered(USER_B, 'Vega'),
      uploaded(1, USER_A, { visibility: 'public' }), transcoded(1),
      uploaded(2, USER_A, { visibility: 'public' }), transcoded(2), edited(2, 3, 'private'),
      uploaded(3, USER_A, { visibility: 'unlisted' }), transcoded(3), edited(3, 3, 'public'),
      uploaded(4, USER_A, { visibility: 'public' }),
      uploaded(5, USER_B, { visibility: 'public' }), onTrack(5, 2, { type: 'TrackTranscodeFailed', data: { track_id: 5, reason: 'undecodable' } }),
      uploaded(6, USER_B, { visibility: 'public' }), transcoded(6), deleted(6, USER_B, 3),
    );
    // Listed: 1 and 3 (public and ready); 2 went private, 4 is processing, 5 failed, 6 was deleted.
    // Stored: each source (1,000 bytes) and its two renditions (100 each); a failed track stores nothing.
    await spec.then('member_track_counts', [{ user_id: USER_B, tracks: 1, listed: 0, bytes: 0 }, { user_id: USER_A, tracks: 4, listed: 2, bytes: 4600 }], 'tracks');
    await spec.then('track_totals', [{ key: 'listed', value: 2 }]);
    await spec.then('track_waveforms', [{ track_id: 1 }, { track_id: 2 }, { track_id: 3 }]);
  });
});
