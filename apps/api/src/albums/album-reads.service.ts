import { Injectable } from '@nestjs/common';
import {
  ALBUM_MSG, PAGE_SIZES, TRACK_MSG, type AlbumDetailView, type AlbumPage, type AlbumTrackView, type ListAlbumsQueryDto, type TrackAlbumsView,
} from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { memberIdByUsername } from '../common/member-cards.repository';
import { albumVisibility, trackVisibility, type Viewer } from '../common/visibility';
import { InjectDatabase } from '../platform/tokens';
import { TrackViewBuilder, TracksRepository } from '../tracks';
import { AlbumViewBuilder } from './album-view';
import { AlbumsRepository, type AlbumFilter } from './albums.repository';

/** Path ids that are not positive integers cannot name an album: 404, like a missing one. */
export function albumIdParam(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw ApiError.notFound(ALBUM_MSG.notFound, 'Album');
  return id;
}

const viewerOf = (user: AuthUser | null): Viewer => (user ? { id: user.id } : null);
/** Albums a track page lists at most. */
const TRACK_ALBUMS_MAX = 20;

/** Reading albums: one with its tracks in order, and the lists of them. */
@Injectable()
export class AlbumReadsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly albums: AlbumsRepository,
    private readonly views: AlbumViewBuilder,
    private readonly tracks: TracksRepository,
    private readonly trackViews: TrackViewBuilder,
  ) {}

  /** Someone else's private album answers exactly like a missing one. */
  async get(id: number, user: AuthUser | null): Promise<AlbumDetailView> {
    const viewer = viewerOf(user);
    const row = await this.albums.findListRow(this.db, id, viewer);
    if (!row || !albumVisibility.canView(row, viewer)) throw ApiError.notFound(ALBUM_MSG.notFound, 'Album');
    const ids = await this.albums.trackIds(this.db, row, viewer);
    const [view] = await this.views.build(this.db, [row]);
    return { ...view!, tracks: await this.numberedTracks(ids, user) };
  }

  async listByUser(username: string, query: { limit?: number; offset?: number }, user: AuthUser | null): Promise<AlbumPage> {
    const userId = await memberIdByUsername(this.db, username);
    if (!userId) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    return this.page({ ...this.defaults(query, user), userId });
  }

  /** Explore: albums listed to the viewer, newest first, optionally of some tags. */
  explore(query: ListAlbumsQueryDto, user: AuthUser | null): Promise<AlbumPage> {
    return this.page({ ...this.defaults(query, user), tagIds: query.tag_ids });
  }

  /** The albums a track page links back to: those holding it that the viewer may list and that show it to them. */
  async forTrack(trackId: number, user: AuthUser | null): Promise<TrackAlbumsView> {
    const track = await this.tracks.findRow(this.db, trackId);
    if (!track || !trackVisibility.canView(track, viewerOf(user))) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Track');
    const page = await this.page({ viewer: viewerOf(user), trackId, limit: TRACK_ALBUMS_MAX, offset: 0 });
    return { albums: page.albums };
  }

  /** For a member's stream: new albums of whom they subscribe to, as listed to them. */
  async fromSubscriptions(user: AuthUser, since: Date | null, limit: number): Promise<AlbumPage['albums']> {
    return (await this.page({ viewer: viewerOf(user), subscribedBy: user.id, since, limit, offset: 0 })).albums;
  }

  private defaults(query: { limit?: number; offset?: number }, user: AuthUser | null): AlbumFilter {
    return { limit: query.limit ?? PAGE_SIZES.collections, offset: query.offset ?? 0, viewer: viewerOf(user) };
  }

  private async page(filter: AlbumFilter): Promise<AlbumPage> {
    const { items, total, has_more } = await this.albums.list(this.db, filter);
    return { albums: await this.views.build(this.db, items), total, has_more };
  }

  private async numberedTracks(ids: number[], user: AuthUser | null): Promise<AlbumTrackView[]> {
    const rows = await this.tracks.findViews(this.db, ids);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    const views = await this.trackViews.build(this.db, ordered, user?.id ?? null);
    return views.map((view, i) => ({ ...view, track_number: i + 1 }));
  }
}
