import type {
  TrackArtworkRef, TrackEvent, TrackRenditions, TrackStatus, TrackTagRef, TrackUploaded, TrackVisibility,
} from '@stardeck/contracts';
import { DomainError, type Decider } from '../common/decider';

export interface TranscodeResult {
  renditions: TrackRenditions;
  duration: number;
  bitrate: number | null;
  peaks_key: string | null;
  peaks: number[];
}

export type TrackCommand =
  | ({ type: 'UploadTrack' } & TrackUploaded['data'])
  | ({ type: 'RecordTranscodeSuccess' } & TranscodeResult)
  | { type: 'RecordTranscodeFailure'; reason: string }
  | {
      type: 'UpdateTrack';
      actor_id: string;
      title: string;
      slug: string;
      description: string | null;
      visibility: TrackVisibility;
      tags: TrackTagRef[];
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
    };

export const TrackErrors = {
  exists: 'track_exists',
  notFound: 'track_not_found',
} as const;

export const renditionsPrefix = (trackId: number) => `tracks/${trackId}/`;

const notFound = () => new DomainError(TrackErrors.notFound, 'Track not found');

/**
 * The write model of one track. Someone else's track answers exactly like a missing one, so ids
 * cannot be probed. Transcode outcomes are idempotent: a redelivered job's second report changes
 * nothing.
 */
export const trackDecider: Decider<TrackCommand, TrackEvent, TrackState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'UploadTrack': {
        if (state.status !== 'none') return new DomainError(TrackErrors.exists, 'Track already exists');
        const { type: _type, ...data } = command;
        return [{ type: 'TrackUploaded', data }];
      }
      case 'RecordTranscodeSuccess': {
        if (state.status === 'none' || state.status === 'deleted') return notFound();
        if (state.status !== 'processing') return [];
        const { type: _type, ...result } = command;
        return [{ type: 'TrackTranscoded', data: { track_id: state.track_id, ...result } }];
      }
      case 'RecordTranscodeFailure':
        if (state.status === 'none' || state.status === 'deleted') return notFound();
        if (state.status !== 'processing') return [];
        return [{ type: 'TrackTranscodeFailed', data: { track_id: state.track_id, reason: command.reason } }];
      case 'UpdateTrack': {
        if (state.status === 'none' || state.status === 'deleted' || state.user_id !== command.actor_id) return notFound();
        const events: TrackEvent[] = [{
          type: 'TrackUpdated',
          data: {
            track_id: state.track_id, title: command.title, slug: command.slug, description: command.description,
            visibility: command.visibility, tags: command.tags,
          },
        }];
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
            artwork_key: state.artwork_key, renditions_prefix: renditionsPrefix(state.track_id),
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
      return {
        status: 'processing', track_id: event.data.track_id, user_id: event.data.user_id,
        source_key: event.data.source_key, artwork_key: event.data.artwork?.key ?? null,
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'TrackTranscoded':
        return { ...state, status: 'ready' };
      case 'TrackTranscodeFailed':
        return { ...state, status: 'failed' };
      case 'TrackUpdated':
        return state;
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
