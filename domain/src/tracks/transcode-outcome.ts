import { TRACK_MSG, trackStreamIds, type RenditionInfo, type TrackRenditions, type TrackVideo } from '@stardeck/contracts';
import type { Clock, EventMetadata, EventStore, Logger, ObjectStorage, StoredEvent, Tx } from '@stardeck/infra';
import { handleCommand } from '../kit/command';
import { DomainError } from '../kit/decider';
import { tracksProjection } from '../projections/tracks/tracks.projection';
import { trackQueries } from '../projections/tracks/tracks.queries';
import { storageKeys } from './storage-keys';
import { storageUsage } from './storage-usage.repository';
import { removeTrackObjects } from './track-objects';
import { uploadLimits } from './upload-limits.repository';
import { TrackErrors, trackDecider, type TrackCommand, type TranscodeResult } from './tracks.decider';

/** One rendition as the transcoder stored it: the file's facts under its storage key. */
export interface StoredRenditionFacts {
  quality: string;
  key: string;
  bytes: number;
  content_type: string;
  bitrate: number;
  duration: number;
  sample_rate: number;
  encoder_delay: number;
  encoder_padding: number;
}

/** A stored file of a video track (the MP4 or its poster), as the transcoder reports it. */
export interface StoredFileFacts {
  key: string;
  bytes: number;
  content_type: string;
}

/** The video rendition of a video upload, with its frame size and poster. */
export interface StoredVideoFacts extends StoredFileFacts {
  width: number;
  height: number;
  poster: StoredFileFacts;
}

/** What the transcoder reports for a finished track. */
export interface TranscodeReport {
  duration: number;
  bitrate: number | null;
  renditions: StoredRenditionFacts[];
  peaks_key: string;
  peaks: { data: number[] };
  /** Only for an upload accepted as video that had a video stream. */
  video?: StoredVideoFacts | null;
}

const kbps = (bitsPerSecond: number | null | undefined) => (bitsPerSecond ? Math.round(bitsPerSecond / 1000) : null);

function renditionInfo(r: StoredRenditionFacts): RenditionInfo {
  return {
    key: r.key, size: r.bytes, mimetype: r.content_type, bitrate: kbps(r.bitrate), duration: r.duration,
    encoder_delay: r.encoder_delay, encoder_padding: r.encoder_padding, sample_rate: r.sample_rate,
  };
}

/** The transcoder's report in the shape TrackTranscoded records; peaks are rounded to keep the event small. */
export function toTranscodeResult(report: TranscodeReport): TranscodeResult {
  const find = (quality: string) => report.renditions.find((r) => r.quality === quality);
  const standard = find('standard');
  const high = find('high');
  if (!standard || !high) throw new Error('a transcode result needs standard and high renditions');
  const flac = find('flac');
  const renditions: TrackRenditions = { standard: renditionInfo(standard), high: renditionInfo(high), lossless: flac ? renditionInfo(flac) : null };
  return {
    renditions,
    duration: standard.duration || report.duration,
    bitrate: kbps(report.bitrate),
    peaks_key: report.peaks_key,
    peaks: report.peaks.data.map((v) => Math.round(v * 1000) / 1000),
    // Audio tracks record no `video` at all, as every track did before video uploads.
    ...(report.video ? { video: videoOf(report.video) } : {}),
  };
}

const fileRef = (file: StoredFileFacts) => ({ key: file.key, size: file.bytes, mimetype: file.content_type });

function videoOf(video: StoredVideoFacts): TrackVideo {
  return { ...fileRef(video), width: video.width, height: video.height, poster: fileRef(video.poster) };
}

/** What the transcoder is about to make of a track, known from the probe before any encoding. */
export interface PlannedTranscode {
  /** Seconds of audio, as the file states it. */
  duration: number;
  /** Bytes the renditions are expected to take, from the duration and their target bitrates. */
  bytes: number;
}

const MB = 1024 * 1024;

export interface TrackOutcomePorts {
  store: EventStore;
  storage: ObjectStorage;
  logger: Logger;
  clock: Clock;
}

/**
 * The tracks write model's side of the transcoder: outcomes become TrackTranscoded or
 * TrackTranscodeFailed events (status ready or failed, inline), progress goes to a table.
 * Every method is safe to call again after a redelivery.
 */
export class TrackOutcomeRecorder {
  constructor(private readonly ports: TrackOutcomePorts) {}

  async isAlreadyDone(trackId: string): Promise<boolean> {
    const row = await trackQueries.findRow(this.ports.store.db, Number(trackId));
    return !row || row.status !== 'processing';
  }

  /**
   * Whether a probed track may be encoded: its expected renditions must fit the owner's quota, and
   * its duration their daily audio allowance. Null to go ahead; otherwise the reason it fails,
   * before any CPU is spent on it. The quota is counted again when the renditions are recorded.
   */
  async admit(trackId: string, planned: PlannedTranscode): Promise<string | null> {
    const { db } = this.ports.store;
    const row = await trackQueries.findRow(db, Number(trackId));
    if (!row || row.status !== 'processing') return null;
    const now = this.ports.clock.now();
    const tier = await uploadLimits.tierOf(db, row.user_id);
    const quota = tier.storageMb * MB;
    const used = await storageUsage.usedBytes(db, this.ports.storage, row.user_id, now);
    if (used + planned.bytes > quota) return TRACK_MSG.renditionsOverQuota(planned.bytes / MB, Math.max(0, quota - used) / MB, tier.storageMb);
    const seconds = await uploadLimits.audioSecondsInLastDay(db, row.user_id, now, row.id);
    if (seconds + planned.duration > tier.audioMinutesPerDay * 60) return TRACK_MSG.audioPerDay(tier.audioMinutesPerDay, tier.slug);
    return null;
  }

  async progress(trackId: string, percent: number): Promise<void> {
    await trackQueries.setProgress(this.ports.store.db, Number(trackId), Math.max(0, Math.min(100, Math.round(percent))));
  }

  /** Ready, unless the renditions would take the owner over their storage quota: then failed, and they go. */
  async succeeded(trackId: string, report: TranscodeReport): Promise<void> {
    const id = Number(trackId);
    const result = toTranscodeResult(report);
    const recorded = await this.record(id, async (tx, ownerId) => {
      await storageUsage.lock(tx, ownerId);
      const used = await storageUsage.usedBytes(tx, this.ports.storage, ownerId, this.ports.clock.now());
      const storage = { used_bytes: used, quota_bytes: await storageUsage.quotaBytes(tx, ownerId) };
      return { type: 'RecordTranscodeSuccess', storage, ...result };
    });
    if (!recorded) {
      // The track was deleted while it was being transcoded: its new renditions belong to nobody.
      await this.ports.storage.deletePrefix(storageKeys.renditionsPrefix(trackId));
    } else if (recorded.some((event) => event.type === 'TrackTranscodeFailed')) {
      await this.removeUpload(id);
    }
  }

  async failed(trackId: string, reason: string): Promise<void> {
    const id = Number(trackId);
    const recorded = await this.record(id, async () => ({ type: 'RecordTranscodeFailure', reason: reason || TRACK_MSG.trackFailed }));
    if (recorded?.length) await this.removeUpload(id);
  }

  /** Nothing playable came of the upload: its bytes go, so a failed file takes no storage. */
  private async removeUpload(trackId: number): Promise<void> {
    const row = await trackQueries.findRow(this.ports.store.db, trackId);
    if (!row) return;
    await removeTrackObjects(this.ports.storage, this.ports.logger, {
      source_key: row.source_key, artwork_key: null, renditions_prefix: storageKeys.renditionsPrefix(trackId),
    });
  }

  /**
   * Decides and records the command `command` builds inside the transaction. Returns the events
   * appended (none for a repeated outcome), or null when the track no longer exists.
   */
  private async record(trackId: number, command: (tx: Tx, ownerId: string) => Promise<TrackCommand>): Promise<StoredEvent[] | null> {
    const { store } = this.ports;
    const streamId = trackStreamIds.track(trackId);
    // The outcome is caused by the upload and continues its chain (correlation id of the upload request).
    const [uploaded] = await store.query({ stream: streamId, limit: 1 });
    if (!uploaded) return null;
    const metadata: EventMetadata = { actor: 'system', causation_id: uploaded.event_id, correlation_id: uploaded.metadata.correlation_id ?? uploaded.event_id };
    const ownerId = (uploaded.data as { user_id: string }).user_id;
    try {
      return await store.transaction(async (tx) => {
        const outcome = await handleCommand(store, tx, trackDecider, streamId, await command(tx, ownerId), metadata, tracksProjection);
        return outcome.events;
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === TrackErrors.notFound) return null;
      throw error;
    }
  }
}
