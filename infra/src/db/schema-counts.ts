import type { Generated } from 'kysely';

/**
 * The counts the projections keep beside the catalogue, so that hot reads take them by key instead
 * of adding them up: plays, saves, comments and subscriptions, per-member and catalogue-wide track
 * counts, tag usage, and the full waveforms only their own route reads. `Database` in schema.ts lists them with the rest.
 */

/** The full-resolution waveform of a transcoded track, packed like list_peaks: only its own route reads it. */
export interface TrackWaveformsTable {
  track_id: number;
  peaks: string;
}

/** Per member: their tracks in any state, those listed to everyone (public and ready), and the bytes they store. */
export interface MemberTrackCountsTable {
  user_id: string;
  tracks: number;
  listed: number;
  /** Sources and renditions of tracks that did not fail: what the storage quota counts. */
  bytes: number;
}

/** Catalogue-wide counts by key: `listed`, the tracks listed to everyone. */
export interface TrackTotalsTable {
  key: string;
  value: number;
}

export interface TrackPlayCountsTable {
  track_id: number;
  play_count: number;
}

/** Per track, what the tag usage counts need: who owns it, whether it is listed, its tags. */
export interface TagUsageTracksTable {
  track_id: number;
  user_id: string;
  public: boolean;
  failed: Generated<boolean>;
  /** Transcoded: with `public`, the track is listed to everyone. */
  ready: Generated<boolean>;
  tag_ids: number[];
}

/** Per tag: public tracks that did not fail and their distinct owners (the cloud's counts), and listed tracks. */
export interface TagUsageCountsTable {
  tag_id: number;
  /** lower(name): the cloud's order among tags used as often. */
  name_key: string;
  usage_count: number;
  unique_artists: number;
  listed_count: number;
}

/** Per tag and owner: how many of the owner's public tracks that did not fail carry the tag. */
export interface TagArtistCountsTable {
  tag_id: number;
  user_id: string;
  tracks: number;
}

/** Per owner: public tracks that did not fail and carry a tag. */
export interface TagUsageArtistsTable {
  user_id: string;
  tracks: number;
}

/** Tag-wide counts by key: `unique_artists`, the owners with a row in tag_usage_artists. */
export interface TagUsageTotalsTable {
  key: string;
  value: number;
}

/** Per member, kept with `subscriptions`: how many follow them and how many they follow. */
export interface SubscriptionCountsTable {
  user_id: string;
  subscribers: number;
  subscriptions: number;
}

export interface TrackSaveCountsTable {
  track_id: number;
  saved_by_count: number;
}

export interface TrackCommentCountsTable {
  track_id: number;
  comment_count: number;
}
