import type { RenditionFile } from './pipeline';
import type { Peaks } from './peaks';
import type { SourceInfo } from './probe';

/** What a job is about to make, known from the probe. */
export interface PlannedTranscode {
  /** Seconds of audio, as the file states it. */
  duration: number;
  /** Bytes the renditions will take, from the duration and their target bitrates (a video's at its cap). */
  bytes: number;
}

/** One stored rendition, as the tracks module records it: the file's facts under its storage key. */
export type StoredRendition = Omit<RenditionFile, 'path'> & { key: string };

/** A stored file of a video track: the MP4 rendition, or its poster. */
export interface StoredVideoFile {
  key: string;
  bytes: number;
  content_type: string;
}

/** The video rendition with its frame size and poster frame. */
export interface StoredVideo extends StoredVideoFile {
  width: number;
  height: number;
  poster: StoredVideoFile;
}

export interface TranscodeResult {
  /** Seconds, exact to the sample. */
  duration: number;
  /** The upload's own bitrate in bits per second (null when unknown). */
  bitrate: number | null;
  source: SourceInfo;
  /** standard and high always; flac only for lossless uploads. */
  renditions: StoredRendition[];
  peaks_key: string;
  peaks: Peaks;
  /** Only for an upload accepted as video that had a picture stream. */
  video?: StoredVideo;
}

/**
 * Where the worker reports what happened to a track. The tracks module implements it (events
 * TrackTranscoded / TrackTranscodeFailed and a progress table); each method may be called again
 * for the same track after a redelivery, so implementations must be idempotent.
 */
export interface TranscodeOutcomeSink {
  /** True when the track already has its outcome: a duplicate job is then acknowledged unworked. */
  isAlreadyDone(trackId: string): Promise<boolean>;
  /**
   * Asked once the file is probed and before anything is encoded: null to go ahead, or the plain
   * sentence the track fails with (its renditions would not fit the quota, or it is over a cap).
   */
  admit(trackId: string, planned: PlannedTranscode): Promise<string | null>;
  /** Whole percents, increasing within one attempt; an attempt after a crash starts again at 0. */
  progress(trackId: string, percent: number): Promise<void>;
  succeeded(trackId: string, result: TranscodeResult): Promise<void>;
  /** `reason` is a plain sentence for the member. */
  failed(trackId: string, reason: string): Promise<void>;
}
