import { slugify, type CollectionEvent, type CollectionVisibility, type TrackArtworkRef } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export type CollectionCommand =
  | {
      type: 'CreateCollection';
      collection_id: number;
      user_id: string;
      name: string;
      description: string | null;
      visibility: CollectionVisibility;
      artwork: TrackArtworkRef | null;
      /** How many collections the member owns now, read under their lock in this transaction, and how many they may own. */
      owned: number;
      limit: number;
    }
  | {
      /** A partial edit: an absent field keeps its current value. */
      type: 'UpdateCollection';
      actor_id: string;
      name?: string;
      description?: string | null;
      visibility?: CollectionVisibility;
      /** New artwork, already stored; null keeps the current one unless remove_artwork. */
      artwork: TrackArtworkRef | null;
      remove_artwork: boolean;
    }
  | { type: 'DeleteCollection'; actor_id: string }
  /** `track` is null when the track is missing or hidden from the actor. */
  | { type: 'AddTrack'; actor_id: string; track_id: number; track: { owner_id: string } | null }
  | { type: 'RemoveTrack'; actor_id: string; track_id: number };

export type CollectionState =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      collection_id: number;
      user_id: string;
      name: string;
      description: string | null;
      visibility: CollectionVisibility;
      artwork: TrackArtworkRef | null;
      track_ids: readonly number[];
    };

export const CollectionErrors = {
  exists: 'collection_exists',
  notFound: 'collection_not_found',
  nameRequired: 'collection_name_required',
  trackNotFound: 'collection_track_not_found',
  limitReached: 'collection_limit_reached',
} as const;
export type CollectionErrorCode = (typeof CollectionErrors)[keyof typeof CollectionErrors];

const notFound = () => new DomainError<CollectionErrorCode>(CollectionErrors.notFound, 'Collection not found');
const nameRequired = () => new DomainError<CollectionErrorCode>(CollectionErrors.nameRequired, 'Collection name is required');

/**
 * The write model of one collection. Only its owner changes it; anyone else answers exactly like
 * a missing collection. Adding a track twice or removing one that is not there changes nothing.
 */
export const collectionDecider: Decider<CollectionCommand, CollectionEvent, CollectionState, CollectionErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    if (command.type === 'CreateCollection') {
      if (state.status !== 'none') return new DomainError<CollectionErrorCode>(CollectionErrors.exists, 'Collection already exists');
      const name = command.name.trim();
      if (!name) return nameRequired();
      if (command.owned >= command.limit) {
        return new DomainError<CollectionErrorCode>(CollectionErrors.limitReached, `Collection limit reached (${command.owned} of ${command.limit})`);
      }
      const { type: _type, owned: _owned, limit: _limit, ...data } = command;
      return [{ type: 'CollectionCreated', data: { ...data, name, slug: slugify(name, 'collection') } }];
    }
    if (state.status !== 'active' || state.user_id !== command.actor_id) return notFound();
    const ids = { collection_id: state.collection_id };
    switch (command.type) {
      case 'UpdateCollection': {
        const name = command.name === undefined ? state.name : command.name.trim();
        if (!name) return nameRequired();
        const description = command.description === undefined ? state.description : command.description;
        const visibility = command.visibility ?? state.visibility;
        const artwork = command.artwork ?? (command.remove_artwork ? null : state.artwork);
        const artworkChanged = artwork?.key !== state.artwork?.key;
        if (name === state.name && description === state.description && visibility === state.visibility && !artworkChanged) return [];
        return [{
          type: 'CollectionUpdated',
          data: {
            ...ids, user_id: state.user_id, name, slug: slugify(name, 'collection'), description, visibility, artwork,
            previous_artwork_key: artworkChanged ? state.artwork?.key ?? null : null,
          },
        }];
      }
      case 'DeleteCollection':
        return [{ type: 'CollectionDeleted', data: { ...ids, user_id: state.user_id, artwork_key: state.artwork?.key ?? null } }];
      case 'AddTrack':
        if (!command.track) return new DomainError<CollectionErrorCode>(CollectionErrors.trackNotFound, 'Track not found');
        if (state.track_ids.includes(command.track_id)) return [];
        return [{ type: 'CollectionTrackAdded', data: { ...ids, collection_owner_id: state.user_id, track_id: command.track_id, track_owner_id: command.track.owner_id } }];
      case 'RemoveTrack':
        if (!state.track_ids.includes(command.track_id)) return [];
        return [{ type: 'CollectionTrackRemoved', data: { ...ids, collection_owner_id: state.user_id, track_id: command.track_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'CollectionCreated') {
      const d = event.data;
      return {
        status: 'active', collection_id: d.collection_id, user_id: d.user_id, name: d.name, description: d.description,
        visibility: d.visibility, artwork: d.artwork, track_ids: [],
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CollectionUpdated': {
        const d = event.data;
        return { ...state, name: d.name, description: d.description, visibility: d.visibility, artwork: d.artwork };
      }
      case 'CollectionDeleted':
        return { ...state, status: 'deleted' };
      case 'CollectionTrackAdded':
        return { ...state, track_ids: [...state.track_ids, event.data.track_id] };
      case 'CollectionTrackRemoved':
        return { ...state, track_ids: state.track_ids.filter((id) => id !== event.data.track_id) };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
