import type { TrackStatus, TrackVisibility } from './track-events';

export interface TagView {
  id: number;
  name: string;
  slug: string;
  usage_count: number;
}

/** The Track of spec §3, as far as the modules built so far know it. */
export interface TrackView {
  id: number;
  title: string;
  slug: string;
  user_id: string;
  username: string;
  display_name: string | null;
  /** m:ss; '0:00' until transcoded. */
  duration: string;
  duration_seconds: number | null;
  filesize: number;
  created: string;
  updated: string;
  /** A URL of the uploaded artwork, or of the generated pixel artwork. */
  artwork: string;
  has_artwork: boolean;
  visibility: TrackVisibility;
  status: TrackStatus;
  /** Percent done while processing; null otherwise. */
  progress: number | null;
  failure_reason: string | null;
  description: string | null;
  tags: TagView[];
  filename: string;
  mimetype: string;
  /** The stored source's key: shown to the owner only. */
  key: string | null;
  extension: string;
  parent_id: number | null;
  analysis: {
    bitrate: number | null;
    play_count: number;
    /** The list-resolution waveform, packed (see peaks.ts; draw with peaksForDrawing); '' until transcoded. */
    peaks: string;
    /** Where the full-resolution waveform is (immutable, cacheable); null until transcoded. */
    peaks_url: string | null;
    standard: { duration: number | null };
  };
  /** Which renditions exist: standard, high, flac. */
  qualities: string[];
  play_count: number;
  /** Whether the viewer saved it; false for visitors. */
  in_library: boolean;
  saved_by_count: number;
  /** Collections that hold it and that the viewer may list. */
  in_collections_count: number;
  comment_count: number;
  /** A video track's picture (spec §6 video upload premium); null for audio. */
  video: TrackVideoView | null;
}

/**
 * What a track page shows in place of the artwork. `url` is signed like a play URL and short-lived
 * like one; it is null for visitors, who cannot play tracks.
 */
export interface TrackVideoView {
  width: number;
  height: number;
  /** The poster frame's URL. */
  poster: string;
  url: string | null;
}

/** GET /v1/tracks/{id}/peaks: the full-resolution waveform, packed like `analysis.peaks`. */
export interface TrackPeaksView {
  peaks: string;
}
