import type { AccountEvent, ListeningEvent, TrackEvent, TrackTagRef, TrackUploaded, TrackVisibility } from '@stardeck/contracts';
import type { SpecEvent } from '../kit/spec-helpers';

/** Events as the projection specs give them: typed payloads on their own streams. */

export const USER_A = '00000000-0000-4000-8000-00000000000a';
export const USER_B = '00000000-0000-4000-8000-00000000000b';

/** An event of an account's stream at its version there. */
export const onUser = (userId: string, version: number, event: AccountEvent, recordedAt?: Date): SpecEvent =>
  ({ stream_id: `user-${userId}`, stream_version: version, recorded_at: recordedAt, ...event });

export const registered = (userId: string, username: string): SpecEvent => onUser(userId, 1, {
  type: 'AccountRegistered',
  data: { user_id: userId, email: `${username}@example.com`, username, slug: username.toLowerCase(), password_hash: `hash-${username}`, role: 'member', tier: 'free', invite_id: null },
});

export const tag = (id: number, name: string): TrackTagRef => ({ id, name, slug: name.toLowerCase().replace(/ /g, '-') });

/** An event of a track's stream at its version there. */
export const onTrack = (trackId: number, version: number, event: TrackEvent, recordedAt?: Date): SpecEvent =>
  ({ stream_id: `track-${trackId}`, stream_version: version, recorded_at: recordedAt, ...event });

export const uploaded = (trackId: number, owner: string, fields: Partial<TrackUploaded['data']> = {}): SpecEvent => onTrack(trackId, 1, {
  type: 'TrackUploaded',
  data: {
    track_id: trackId, user_id: owner, title: `Track ${trackId}`, slug: `track-${trackId}`, description: null, visibility: 'public' as TrackVisibility,
    parent_id: null, tags: [], filename: `t${trackId}.flac`, mimetype: 'audio/flac', extension: 'flac', filesize: 1000,
    source_key: `uploads/${owner}/t${trackId}.flac`, lossless: true, artwork: null, ...fields,
  },
});

export const deleted = (trackId: number, owner: string, version: number): SpecEvent => onTrack(trackId, version, {
  type: 'TrackDeleted',
  data: { track_id: trackId, user_id: owner, source_key: `uploads/${owner}/t${trackId}.flac`, artwork_key: null, renditions_prefix: `tracks/${trackId}/` },
});

/** A play on the listener's own stream. */
export const played = (trackId: number, listener: string, owner: string, extra: Partial<SpecEvent> = {}): SpecEvent => {
  const event: ListeningEvent = { type: 'TrackPlayed', data: { track_id: trackId, user_id: listener, track_owner_id: owner, quality: 'standard' } };
  return { stream_id: `listening-${listener}`, ...event, ...extra };
};
