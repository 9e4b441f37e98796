import { Injectable } from '@nestjs/common';
import {
  PAGE_SIZES, TRACK_MSG, socialStreamIds, type LibraryQueryDto, type LibraryTrackView, type SavedByQueryDto, type SavedByUserView,
} from '@stardeck/contracts';
import type { Db, EventStore } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { CollectionsService } from '../collections';
import { ApiError } from '../common/api-error';
import { memberCards, memberIdByUsername } from '../common/member-cards.repository';
import { trackVisibility, type Viewer } from '../common/visibility';
import { InjectDatabase, InjectEventStore } from '../platform/tokens';
import { ArtworkService, TrackViewBuilder, TracksRepository } from '../tracks';
import { LibraryCommands } from './library-commands';
import { LibraryRepository } from './library.repository';

export interface LibraryChange {
  track_id: number;
  in_library: boolean;
  saved_by_count: number;
}

const viewerOf = (user: AuthUser | null): Viewer => (user ? { id: user.id } : null);

/** Members' libraries: saving and removing tracks, reading a library, and who saved a track. */
@Injectable()
export class LibraryService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    private readonly library: LibraryRepository,
    private readonly commands: LibraryCommands,
    private readonly collections: CollectionsService,
    private readonly tracks: TracksRepository,
    private readonly trackViews: TrackViewBuilder,
    private readonly artwork: ArtworkService,
  ) {}

  /** Saving a track the member may not open answers like a missing track; saving twice changes nothing. */
  async save(user: AuthUser, trackId: number): Promise<LibraryChange> {
    return this.store.transaction(async (tx) => {
      const track = await this.tracks.findRow(tx, trackId);
      const visible = track !== undefined && trackVisibility.canView(track, user);
      await this.commands.runIn(tx, socialStreamIds.libraryEntry(user.id, trackId), {
        type: 'SaveTrack', user_id: user.id, track_id: trackId, track: visible ? { owner_id: track.user_id } : null,
      });
      return { track_id: trackId, in_library: true, saved_by_count: await this.library.saveCount(tx, trackId) };
    });
  }

  /**
   * Removes the track from the library and, in the same transaction, from each of the member's
   * collections that hold it (spec §4). The library entry's stream is taken first, then the
   * collections' in id order: the one order every such write uses.
   */
  async remove(user: AuthUser, trackId: number): Promise<LibraryChange & { affected_collections: number[] }> {
    return this.store.transaction(async (tx) => {
      await this.commands.runIn(tx, socialStreamIds.libraryEntry(user.id, trackId), { type: 'UnsaveTrack', user_id: user.id, track_id: trackId });
      const affected = await this.collections.removeTrackFromOwnCollections(tx, user, trackId);
      return { track_id: trackId, in_library: false, saved_by_count: await this.library.saveCount(tx, trackId), affected_collections: affected };
    });
  }

  async list(username: string, query: LibraryQueryDto, user: AuthUser | null) {
    const userId = await memberIdByUsername(this.db, username);
    if (!userId) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    const page = await this.library.entries(this.db, userId, viewerOf(user), { limit: query.limit ?? PAGE_SIZES.library, offset: query.offset ?? 0 });
    const rows = await this.tracks.findViews(this.db, page.items.map((item) => item.track_id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = page.items.flatMap((item) => byId.get(item.track_id) ?? []);
    const views = await this.trackViews.build(this.db, ordered, user?.id ?? null);
    const savedAt = new Map(page.items.map((item) => [item.track_id, new Date(item.saved_at).toISOString()]));
    const tracks: LibraryTrackView[] = views.map((view) => ({ ...view, saved_at: savedAt.get(view.id)! }));
    return { tracks, total_tracks: page.total, has_more: page.has_more };
  }

  /** Who saved a track: only for a track the viewer may open. */
  async savedBy(trackId: number, query: SavedByQueryDto, user: AuthUser | null) {
    const track = await this.tracks.findRow(this.db, trackId);
    if (!track || !trackVisibility.canView(track, viewerOf(user))) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Track');
    const page = await this.library.savers(this.db, trackId, { limit: query.limit ?? PAGE_SIZES.savedBy, offset: query.offset ?? 0 });
    const cards = await memberCards(this.db, page.items.map((item) => item.user_id), (key, mimetype) => this.artwork.signedUrlOf(key, mimetype));
    const users: SavedByUserView[] = page.items.flatMap((item) => {
      const card = cards.get(item.user_id);
      return card ? [{ ...card, user_id: card.id, saved_at: new Date(item.saved_at).toISOString(), saved_track_id: trackId }] : [];
    });
    return { users, total: page.total, has_more: page.has_more };
  }
}
