import {
  ALBUM_LIMITS, slugify, type AlbumEvent, type AlbumFields, type AlbumVisibility, type TrackArtworkRef, type TrackTagRef,
} from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

/**
 * What the creating or arranging transaction read about the member: whether their tier allows
 * albums today, and which of the tracks they named are their own (read under the album's lock,
 * so a track deleted meanwhile is not among them).
 */
interface MemberFacts {
  tier_allows_albums: boolean;
  /** The named tracks that exist and belong to the member. */
  own_track_ids: readonly number[];
}

export type AlbumCommand =
  | ({
      type: 'CreateAlbum';
      album_id: number;
      user_id: string;
      title: string;
      description: string | null;
      release_date: string;
      visibility: AlbumVisibility;
      artwork: TrackArtworkRef | null;
      tags: TrackTagRef[];
      track_ids: readonly number[];
      /** How many albums the member owns now, read under their lock in this transaction, and how many they may own. */
      owned: number;
      limit: number;
    } & MemberFacts)
  | {
      /** A partial edit: an absent field keeps its current value. */
      type: 'EditAlbum';
      actor_id: string;
      tier_allows_albums: boolean;
      title?: string;
      description?: string | null;
      release_date?: string;
      visibility?: AlbumVisibility;
      tags?: TrackTagRef[];
      /** New artwork, already stored; null keeps the current one unless remove_artwork. */
      artwork: TrackArtworkRef | null;
      remove_artwork: boolean;
    }
  | ({ type: 'ArrangeAlbumTracks'; actor_id: string; track_ids: readonly number[] } & MemberFacts)
  | { type: 'DeleteAlbum'; actor_id: string };

export type AlbumState =
  | { status: 'none' }
  | ({
      status: 'active' | 'deleted';
      album_id: number;
      user_id: string;
      track_ids: readonly number[];
      /** Whether it was ever public: subscribers hear of an album once. */
      announced: boolean;
    } & Omit<AlbumFields, 'slug'>);

export const AlbumErrors = {
  exists: 'album_exists',
  notFound: 'album_not_found',
  needsTier: 'album_needs_tier',
  titleRequired: 'album_title_required',
  trackCount: 'album_track_count',
  trackRepeated: 'album_track_repeated',
  trackNotOwn: 'album_track_not_own',
  limitReached: 'album_limit_reached',
} as const;
export type AlbumErrorCode = (typeof AlbumErrors)[keyof typeof AlbumErrors];

const refuse = (code: AlbumErrorCode, message: string) => new DomainError<AlbumErrorCode>(code, message);
const notFound = () => refuse(AlbumErrors.notFound, 'Album not found');
const needsTier = () => refuse(AlbumErrors.needsTier, 'Albums need a core or premium membership');

/** The rules every ordered list of tracks meets: 1 to 100, each once, each the member's own. */
function checkTracks(trackIds: readonly number[], ownTrackIds: readonly number[]): DomainError<AlbumErrorCode> | null {
  if (trackIds.length < ALBUM_LIMITS.tracksMin || trackIds.length > ALBUM_LIMITS.tracksMax) {
    return refuse(AlbumErrors.trackCount, `An album holds ${ALBUM_LIMITS.tracksMin} to ${ALBUM_LIMITS.tracksMax} tracks`);
  }
  if (new Set(trackIds).size !== trackIds.length) return refuse(AlbumErrors.trackRepeated, 'A track appears twice');
  const own = new Set(ownTrackIds);
  if (trackIds.some((id) => !own.has(id))) return refuse(AlbumErrors.trackNotOwn, 'Only the owner\'s own tracks');
  return null;
}

const sameTags = (a: readonly TrackTagRef[], b: readonly TrackTagRef[]) => a.length === b.length && a.every((tag, i) => tag.id === b[i]!.id);
const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The write model of one album. Only its owner changes it, and anyone else is answered as if it
 * did not exist. Making or changing an album needs a tier with albums; after a downgrade the
 * owner's albums stay as they are (and can be deleted) until the tier allows edits again.
 */
export const albumDecider: Decider<AlbumCommand, AlbumEvent, AlbumState, AlbumErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    if (command.type === 'CreateAlbum') {
      if (state.status !== 'none') return refuse(AlbumErrors.exists, 'Album already exists');
      if (!command.tier_allows_albums) return needsTier();
      const title = command.title.trim();
      if (!title) return refuse(AlbumErrors.titleRequired, 'Title is required');
      const wrong = checkTracks(command.track_ids, command.own_track_ids);
      if (wrong) return wrong;
      if (command.owned >= command.limit) return refuse(AlbumErrors.limitReached, `Album limit reached (${command.owned} of ${command.limit})`);
      return [{
        type: 'AlbumCreated',
        data: {
          album_id: command.album_id, user_id: command.user_id, title, slug: slugify(title, 'album'), description: command.description,
          release_date: command.release_date, visibility: command.visibility, artwork: command.artwork, tags: command.tags,
          track_ids: [...command.track_ids],
        },
      }];
    }
    if (state.status !== 'active' || state.user_id !== command.actor_id) return notFound();
    const ids = { album_id: state.album_id, user_id: state.user_id };
    switch (command.type) {
      case 'EditAlbum': {
        if (!command.tier_allows_albums) return needsTier();
        const title = command.title === undefined ? state.title : command.title.trim();
        if (!title) return refuse(AlbumErrors.titleRequired, 'Title is required');
        const description = command.description === undefined ? state.description : command.description;
        const releaseDate = command.release_date ?? state.release_date;
        const visibility = command.visibility ?? state.visibility;
        const tags = command.tags ?? state.tags;
        const artwork = command.artwork ?? (command.remove_artwork ? null : state.artwork);
        const artworkChanged = artwork?.key !== state.artwork?.key;
        if (title === state.title && description === state.description && releaseDate === state.release_date && visibility === state.visibility
          && sameTags(tags, state.tags) && !artworkChanged) return [];
        return [{
          type: 'AlbumEdited',
          data: {
            ...ids, title, slug: slugify(title, 'album'), description, release_date: releaseDate, visibility, artwork, tags,
            previous_artwork_key: artworkChanged ? state.artwork?.key ?? null : null,
            announced: visibility === 'public' && !state.announced,
          },
        }];
      }
      case 'ArrangeAlbumTracks': {
        if (!command.tier_allows_albums) return needsTier();
        const wrong = checkTracks(command.track_ids, command.own_track_ids);
        if (wrong) return wrong;
        if (sameOrder(command.track_ids, state.track_ids)) return [];
        return [{ type: 'AlbumTracksArranged', data: { ...ids, track_ids: [...command.track_ids] } }];
      }
      case 'DeleteAlbum':
        return [{ type: 'AlbumDeleted', data: { ...ids, artwork_key: state.artwork?.key ?? null } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'AlbumCreated') {
      const { slug: _slug, track_ids, ...d } = event.data;
      return { ...d, status: 'active', track_ids, announced: d.visibility === 'public' };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'AlbumEdited': {
        const d = event.data;
        return {
          ...state, title: d.title, description: d.description, release_date: d.release_date, visibility: d.visibility, artwork: d.artwork,
          tags: d.tags, announced: state.announced || d.announced,
        };
      }
      case 'AlbumTracksArranged':
        return { ...state, track_ids: event.data.track_ids };
      case 'AlbumDeleted':
        return { ...state, status: 'deleted' };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
