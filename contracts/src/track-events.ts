/**
 * Events of a track's stream (`track-{id}`) and of a listener's stream (`listening-{userId}`).
 * Track ids are positive integers taken from a sequence before the first append.
 */
export type TrackVisibility = 'public' | 'unlisted' | 'private';
export type TrackStatus = 'processing' | 'ready' | 'failed';

/** A tag as a track event carries it: ids are allocated once per case-insensitive name. */
export interface TrackTagRef { id: number; name: string; slug: string }

export interface RenditionInfo {
  key: string;
  size: number;
  mimetype: string;
  /** kbit/s of the rendition. */
  bitrate: number | null;
  /** Seconds of audio in this rendition. */
  duration?: number;
  /** Gapless playback: encoder silence (samples) before and after the audio. */
  encoder_delay?: number;
  encoder_padding?: number;
  sample_rate?: number;
}

/** Renditions the transcoder wrote; `lossless` only when the source was lossless. */
export interface TrackRenditions {
  standard: RenditionInfo;
  high: RenditionInfo;
  lossless?: RenditionInfo | null;
}

export interface TrackArtworkRef { key: string; mimetype: string }

/** A stored object a video track owns: where it is, what it weighs against the quota, its type. */
export interface StoredObjectRef { key: string; size: number; mimetype: string }

/**
 * The video rendition of an upload that had a video stream: H.264/AAC MP4 (at most 720 lines,
 * the source's aspect ratio, moov in front), and a poster frame that stands in for missing artwork.
 */
export interface TrackVideo extends StoredObjectRef {
  width: number;
  height: number;
  poster: StoredObjectRef;
}

export interface TrackUploaded {
  type: 'TrackUploaded';
  data: {
    track_id: number;
    user_id: string;
    title: string;
    slug: string;
    description: string | null;
    visibility: TrackVisibility;
    parent_id: number | null;
    tags: TrackTagRef[];
    filename: string;
    mimetype: string;
    /** The format the bytes were sniffed as, which the transcoder decodes. */
    extension: string;
    filesize: number;
    source_key: string;
    lossless: boolean;
    artwork: TrackArtworkRef | null;
  };
}

export interface TrackTranscoded {
  type: 'TrackTranscoded';
  data: {
    track_id: number;
    renditions: TrackRenditions;
    /** Seconds, of the standard rendition. */
    duration: number;
    /** kbit/s of the source. */
    bitrate: number | null;
    peaks_key: string | null;
    peaks: number[];
    /** Absent from events recorded before video uploads existed: read as null (no video). */
    video?: TrackVideo | null;
  };
}

export interface TrackTranscodeFailed { type: 'TrackTranscodeFailed'; data: { track_id: number; reason: string } }

/** Edits replace the listed fields whole, so projections never merge partial tag lists. */
export interface TrackUpdated {
  type: 'TrackUpdated';
  data: {
    track_id: number;
    title: string;
    slug: string;
    description: string | null;
    visibility: TrackVisibility;
    tags: TrackTagRef[];
  };
}

export interface TrackArtworkChanged { type: 'TrackArtworkChanged'; data: { track_id: number; artwork: TrackArtworkRef; previous_key: string | null } }
export interface TrackArtworkRemoved { type: 'TrackArtworkRemoved'; data: { track_id: number; previous_key: string } }

/** Carries every key the track owned, so storage cleanup never depends on a read model. */
export interface TrackDeleted {
  type: 'TrackDeleted';
  data: { track_id: number; user_id: string; source_key: string; artwork_key: string | null; renditions_prefix: string };
}

export interface TrackPlayed {
  type: 'TrackPlayed';
  data: { track_id: number; user_id: string; track_owner_id: string; quality: 'standard' | 'high' | 'flac' };
}

export type TrackEvent =
  | TrackUploaded | TrackTranscoded | TrackTranscodeFailed | TrackUpdated
  | TrackArtworkChanged | TrackArtworkRemoved | TrackDeleted;
export type ListeningEvent = TrackPlayed;

export const TRACK_EVENT_TYPES = [
  'TrackUploaded', 'TrackTranscoded', 'TrackTranscodeFailed', 'TrackUpdated',
  'TrackArtworkChanged', 'TrackArtworkRemoved', 'TrackDeleted', 'TrackPlayed',
] as const;

export const trackStreamIds = {
  track: (id: number) => `track-${id}`,
  listening: (userId: string) => `listening-${userId}`,
};
