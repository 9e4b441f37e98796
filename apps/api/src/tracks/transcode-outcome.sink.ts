import {
  TRACK_MSG, trackStreamIds, type RenditionInfo, type TrackRenditions,
} from '@stardeck/contracts';
import type { EventMetadata, Platform } from '@stardeck/infra';
import type { StoredRendition, TranscodeOutcomeSink, TranscodeResult as WorkerResult } from '@stardeck/transcoder';
import { DomainError } from '../common/decider';
import { handleCommand } from '../common/event-sourcing';
import { TrackErrors, renditionsPrefix, trackDecider, type TrackCommand, type TranscodeResult } from './tracks.decider';
import { projectTracks } from './tracks.projection';
import { TracksRepository } from './tracks.repository';
import { removeTrackObjects } from './tracks.service';

const kbps = (bitsPerSecond: number | null | undefined) => (bitsPerSecond ? Math.round(bitsPerSecond / 1000) : null);

function renditionInfo(r: StoredRendition): RenditionInfo {
  return {
    key: r.key, size: r.bytes, mimetype: r.content_type, bitrate: kbps(r.bitrate), duration: r.duration,
    encoder_delay: r.encoder_delay, encoder_padding: r.encoder_padding, sample_rate: r.sample_rate,
  };
}

/** The worker's report in the shape TrackTranscoded records; peaks are rounded to keep the event small. */
export function toTranscodeResult(result: WorkerResult): TranscodeResult {
  const find = (quality: string) => result.renditions.find((r) => r.quality === quality);
  const standard = find('standard');
  const high = find('high');
  if (!standard || !high) throw new Error('a transcode result needs standard and high renditions');
  const flac = find('flac');
  const renditions: TrackRenditions = { standard: renditionInfo(standard), high: renditionInfo(high), lossless: flac ? renditionInfo(flac) : null };
  return {
    renditions,
    duration: standard.duration || result.duration,
    bitrate: kbps(result.bitrate),
    peaks_key: result.peaks_key,
    peaks: result.peaks.data.map((v) => Math.round(v * 1000) / 1000),
  };
}

/**
 * The tracks module's side of the transcoder: outcomes become TrackTranscoded or
 * TrackTranscodeFailed events (status ready or failed, inline), progress goes to a table.
 * Every method is safe to call again after a redelivery.
 */
export class TrackOutcomeSink implements TranscodeOutcomeSink {
  private readonly tracks: TracksRepository;

  constructor(private readonly platform: Platform) {
    this.tracks = new TracksRepository(platform);
  }

  async isAlreadyDone(trackId: string): Promise<boolean> {
    const row = await this.tracks.findRow(Number(trackId));
    return !row || row.status !== 'processing';
  }

  async progress(trackId: string, percent: number): Promise<void> {
    await this.tracks.setProgress(Number(trackId), Math.max(0, Math.min(100, Math.round(percent))));
  }

  async succeeded(trackId: string, result: WorkerResult): Promise<void> {
    const recorded = await this.record(Number(trackId), { type: 'RecordTranscodeSuccess', ...toTranscodeResult(result) });
    // The track was deleted while it was being transcoded: its new renditions belong to nobody.
    if (!recorded) await this.platform.storage.deletePrefix(renditionsPrefix(Number(trackId)));
  }

  async failed(trackId: string, reason: string): Promise<void> {
    const id = Number(trackId);
    const row = await this.tracks.findRow(id);
    const recorded = await this.record(id, { type: 'RecordTranscodeFailure', reason: reason || TRACK_MSG.trackFailed });
    // Nothing playable came of the upload: its bytes go, so a failed file takes no storage.
    if (recorded && row && row.status !== 'ready') await removeTrackObjects(this.platform, { source_key: row.source_key, artwork_key: null, renditions_prefix: renditionsPrefix(id) });
  }

  /** False when the track no longer exists; a repeated outcome is a no-op that still counts as recorded. */
  private async record(trackId: number, command: TrackCommand): Promise<boolean> {
    const streamId = trackStreamIds.track(trackId);
    // The outcome is caused by the upload and continues its chain (correlation id of the upload request).
    const [uploaded] = await this.platform.store.query({ stream: streamId, limit: 1 });
    const metadata: EventMetadata = uploaded
      ? { actor: 'system', causation_id: uploaded.event_id, correlation_id: uploaded.metadata.correlation_id ?? uploaded.event_id }
      : { actor: 'system' };
    try {
      await this.platform.store.transaction((tx) =>
        handleCommand(this.platform.store, tx, trackDecider, streamId, command, metadata, projectTracks));
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === TrackErrors.notFound) return false;
      throw error;
    }
  }
}
