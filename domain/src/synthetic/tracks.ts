import { slugify, trackStreamIds, type TrackRenditions, type TrackVideo, type TrackVisibility } from '@stardeck/contracts';
import { tracksProjection } from '../projections/tracks/tracks.projection';
import { storageKeys } from '../tracks/storage-keys';
import { trackDecider } from '../tracks/tracks.decider';
import type { Random } from './random';
import { meta, type SyntheticMember, type SyntheticTrack, type World } from './world';

/** The transcoder measures this many min/max pairs per track. */
const PEAK_PAIRS = 1800;

const VISIBILITY_WEIGHTS: readonly TrackVisibility[] = ['public', 'public', 'public', 'public', 'public', 'unlisted', 'private'];

/**
 * A waveform shaped like music (a swelling envelope with beats and noise), as many pairs as the
 * transcoder makes and rounded as the TrackTranscoded event stores them: list reads of a
 * generated catalogue cost what real ones do.
 */
export function syntheticPeaks(random: Random): number[] {
  const data: number[] = new Array(PEAK_PAIRS * 2);
  const beat = random.int(6, 14);
  for (let i = 0; i < PEAK_PAIRS; i++) {
    const envelope = 0.35 + 0.45 * Math.sin((Math.PI * i) / PEAK_PAIRS) ** 0.5;
    const level = Math.min(1, envelope * (i % beat === 0 ? 1.25 : 0.8 + 0.2 * random.next()));
    data[2 * i] = -Math.round(level * (0.9 + 0.1 * random.next()) * 1000) / 1000;
    data[2 * i + 1] = Math.round(level * 1000) / 1000;
  }
  return data;
}

function renditionsOf(trackId: number, seconds: number, lossless: boolean): TrackRenditions {
  const keys = storageKeys.renditions(trackId);
  const mp3 = (key: string, kbps: number) => ({
    key, size: Math.round((seconds * kbps * 1000) / 8), mimetype: 'audio/mpeg', bitrate: kbps, duration: seconds,
    encoder_delay: 576, encoder_padding: 1000, sample_rate: 44_100,
  });
  return {
    standard: mp3(keys.standard, 128),
    high: mp3(keys.high, 320),
    lossless: lossless ? { key: keys.flac, size: Math.round(seconds * 90_000), mimetype: 'audio/flac', bitrate: 720, duration: seconds, sample_rate: 44_100 } : null,
  };
}

/** A 1280×720 rendition at about 1.5 Mbit/s and its poster, as the transcoder makes of a video upload. */
function videoOf(trackId: number, seconds: number): TrackVideo {
  const keys = storageKeys.renditions(trackId);
  return {
    key: keys.video, size: Math.round(seconds * 190_000), mimetype: 'video/mp4', width: 1280, height: 720,
    poster: { key: keys.poster, size: 60_000, mimetype: 'image/jpeg' },
  };
}

/**
 * A member uploads a track and the transcoder's outcome follows: ready, now and then failed. None
 * is left processing: a transcoder running beside the generator would take its job and record a
 * failure of its own while the history is being checked.
 */
export async function upload(world: World, owner: SyntheticMember): Promise<SyntheticTrack> {
  const { random, writer } = world;
  const id = await world.ids.next('track_id_seq');
  const stream = trackStreamIds.track(id);
  const title = `${random.pick(['Night', 'Tide', 'Signal', 'Dust', 'Orbit', 'Hollow', 'Ember'])} ${random.pick(['Drive', 'Loop', 'Study', 'Room', 'Echo'])} ${id}`;
  const lossless = random.chance(30);
  // Every tenth track a premium member's video; chosen by id, so the random draws (and the rest of
  // a seeded history) stay as they were before video uploads.
  const video = !lossless && id % 10 === 0;
  const extension = lossless ? 'flac' : video ? 'mp4' : 'mp3';
  const tags = random.chance(80) ? [...new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(world.tags)))] : [];
  const track: SyntheticTrack = { id, owner, visibility: random.pick(VISIBILITY_WEIGHTS), status: 'processing', duration: null };
  await writer.decide(trackDecider, tracksProjection, stream, {
    type: 'UploadTrack', track_id: id, user_id: owner.id, title, slug: slugify(title), description: random.chance(40) ? 'recorded live' : null,
    visibility: track.visibility, parent_id: null, tags, filename: `${title}.${extension}`, mimetype: lossless ? 'audio/flac' : video ? 'video/mp4' : 'audio/mpeg',
    extension, filesize: random.int(1, 40) * 1_000_000, source_key: `sources/${owner.id}/${random.uuid()}.${extension}`, lossless,
    artwork: random.chance(20) ? { key: `artwork/${owner.id}/${random.uuid()}.webp`, mimetype: 'image/webp' } : null,
  }, meta(owner));
  if (random.chance(3)) {
    await writer.decide(trackDecider, tracksProjection, stream, { type: 'RecordTranscodeFailure', reason: 'The file could not be decoded' }, meta('system'));
    track.status = 'failed';
    return track;
  }
  const seconds = random.int(30, 600) + random.int(0, 9) / 10;
  await writer.decide(trackDecider, tracksProjection, stream, {
    type: 'RecordTranscodeSuccess', storage: { used_bytes: 0, quota_bytes: Number.MAX_SAFE_INTEGER }, renditions: renditionsOf(id, seconds, lossless),
    duration: seconds, bitrate: lossless ? 900 : 256, peaks_key: storageKeys.renditions(id).peaks, peaks: syntheticPeaks(random),
    ...(video ? { video: videoOf(id, seconds) } : {}),
  }, meta('system'));
  track.status = 'ready';
  track.duration = seconds;
  return track;
}

/** The owner edits title, visibility or tags, or changes or removes the artwork. */
export async function edit(world: World, track: SyntheticTrack): Promise<void> {
  const { random, writer } = world;
  const visibility = random.chance(50) ? random.pick(VISIBILITY_WEIGHTS) : undefined;
  const artwork = random.chance(20) ? { key: `artwork/${track.owner.id}/${random.uuid()}.webp`, mimetype: 'image/webp' } : null;
  await writer.decide(trackDecider, tracksProjection, trackStreamIds.track(track.id), {
    type: 'UpdateTrack', actor_id: track.owner.id, title: random.chance(50) ? `Take ${random.int(1, 99)} of ${track.id}` : undefined,
    visibility, tags: random.chance(30) ? [random.pick(world.tags)] : undefined, artwork, remove_artwork: !artwork && random.chance(10),
  }, meta(track.owner));
  if (visibility) track.visibility = visibility;
}

export async function remove(world: World, track: SyntheticTrack): Promise<void> {
  await world.writer.decide(trackDecider, tracksProjection, trackStreamIds.track(track.id), { type: 'DeleteTrack', actor_id: track.owner.id }, meta(track.owner));
  track.status = 'deleted';
}
