import {
  TRACK_MSG, slugify, type TrackArtworkRef, type TrackEvent, type TrackRenditions, type TrackStatus, type TrackTagRef, type TrackUploaded,
  type TrackVideo, type TrackVisibility,
} from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';
import { storageKeys } from './storage-keys';

export interface TranscodeResult {
  renditions: TrackRenditions;
  duration: number;
  bitrate: number | null;
  peaks_key: string | null;
  peaks: number[];
  /** The video rendition and poster of an upload with a video stream; absent for audio. */
  video?: TrackVideo | null;
}

/** The owner's storage when the renditions are recorded, read under their storage lock. */
export interface OwnerStorage {
  /** Bytes in use: sources (this track's included), renditions of other tracks, reserved uploads. */
  used_bytes: number;
  quota_bytes: number;
}

export type TrackCommand =
  | ({ type: 'UploadTrack' } & TrackUploaded['data'])
  | ({ type: 'RecordTranscodeSuccess'; storage: OwnerStorage } & TranscodeResult)
  | { type: 'RecordTranscodeFailure'; reason: string }
  | {
      /** A partial edit: an absent field keeps its current value, merged here against the stream's state. */
      type: 'UpdateTrack';
      actor_id: string;
      title?: string;
      description?: string | null;
      visibility?: TrackVisibility;
      tags?: TrackTagRef[];
      /** New artwork, already stored; null keeps the current one. */
      artwork: TrackArtworkRef | null;
      remove_artwork: boolean;
    }
  | { type: 'DeleteTrack'; actor_id: string };

export type TrackState =
  | { status: 'none' }
  | {
      status: TrackStatus | 'deleted';
      track_id: number;
      user_id: string;
      source_key: string;
      artwork_key: string | null;
      title: string;
      description: string | null;
      visibility: TrackVisibility;
      tags: TrackTagRef[];
    };

export const TrackErrors = {
  exists: 'track_exists',
  notFound: 'track_not_found',
} as const;
export type TrackErrorCode = (typeof TrackErrors)[keyof typeof TrackErrors];

const notFound = () => new DomainError<TrackErrorCode>(TrackErrors.notFound, 'Track not found');

const MB = 1024 * 1024;

const renditionBytes = (renditions: TrackRenditions, video: TrackVideo | null | undefined) =>
  [renditions.standard, renditions.high, renditions.lossless, video, video?.poster].reduce((sum, r) => sum + (r?.size ?? 0), 0);

const sameTags = (a: TrackTagRef[], b: TrackTagRef[]) => a.length === b.length && a.every((tag, i) => tag.id === b[i]!.id);

/**
 * The write model of one track. Someone else's track answers exactly like a missing one, so ids
 * cannot be probed. Transcode outcomes are idempotent: a redelivered job's second report changes
 * nothing.
 */
export const trackDecider: Decider<TrackCommand, TrackEvent, TrackState, TrackErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'UploadTrack': {
        if (state.status !== 'none') return new DomainError<TrackErrorCode>(TrackErrors.exists, 'Track already exists');
        const { type: _type, ...data } = command;
        return [{ type: 'TrackUploaded', data }];
      }
      case 'RecordTranscodeSuccess': {
        if (state.status === 'none' || state.status === 'deleted') return notFound();
        if (state.status !== 'processing') return [];
        const { type: _type, storage, ...result } = command;
        // The quota holds for what a track becomes, not only for what was uploaded: a small file of
        // long silence makes renditions many times its size.
        const needed = renditionBytes(result.renditions, result.video);
        if (storage.used_bytes + needed > storage.quota_bytes) {
          const free = Math.max(0, storage.quota_bytes - storage.used_bytes);
          return [{ type: 'TrackTranscodeFailed', data: { track_id: state.track_id, reason: TRACK_MSG.renditionsOverQuota(needed / MB, free / MB, storage.quota_bytes / MB) } }];
        }
        return [{ type: 'TrackTranscoded', data: { track_id: state.track_id, ...result } }];
      }
      case 'RecordTranscodeFailure':
        if (state.status === 'none' || state.status === 'deleted') return notFound();
        if (state.status !== 'processing') return [];
        return [{ type: 'TrackTranscodeFailed', data: { track_id: state.track_id, reason: command.reason } }];
      case 'UpdateTrack': {
        if (state.status === 'none' || state.status === 'deleted' || state.user_id !== command.actor_id) return notFound();
        const title = command.title ?? state.title;
        const description = command.description === undefined ? state.description : command.description;
        const visibility = command.visibility ?? state.visibility;
        const tags = command.tags ?? state.tags;
        const changed = title !== state.title || description !== state.description || visibility !== state.visibility || !sameTags(tags, state.tags);
        const events: TrackEvent[] = changed
          ? [{ type: 'TrackUpdated', data: { track_id: state.track_id, title, slug: slugify(title), description, visibility, tags } }]
          : [];
        if (command.artwork) {
          events.push({ type: 'TrackArtworkChanged', data: { track_id: state.track_id, artwork: command.artwork, previous_key: state.artwork_key } });
        } else if (command.remove_artwork && state.artwork_key) {
          events.push({ type: 'TrackArtworkRemoved', data: { track_id: state.track_id, previous_key: state.artwork_key } });
        }
        return events;
      }
      case 'DeleteTrack':
        if (state.status === 'none' || state.status === 'deleted' || state.user_id !== command.actor_id) return notFound();
        return [{
          type: 'TrackDeleted',
          data: {
            track_id: state.track_id, user_id: state.user_id, source_key: state.source_key,
            artwork_key: state.artwork_key, renditions_prefix: storageKeys.renditionsPrefix(state.track_id),
          },
        }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'TrackUploaded') {
      const d = event.data;
      return {
        status: 'processing', track_id: d.track_id, user_id: d.user_id, source_key: d.source_key, artwork_key: d.artwork?.key ?? null,
        title: d.title, description: d.description, visibility: d.visibility, tags: d.tags,
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'TrackTranscoded':
        return { ...state, status: 'ready' };
      case 'TrackTranscodeFailed':
        return { ...state, status: 'failed' };
      case 'TrackUpdated':
        return { ...state, title: event.data.title, description: event.data.description, visibility: event.data.visibility, tags: event.data.tags };
      case 'TrackArtworkChanged':
        return { ...state, artwork_key: event.data.artwork.key };
      case 'TrackArtworkRemoved':
        return { ...state, artwork_key: null };
      case 'TrackDeleted':
        return { ...state, status: 'deleted' };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
