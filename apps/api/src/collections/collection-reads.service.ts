import { Injectable } from '@nestjs/common';
import {
  PAGE_SIZES, SOCIAL_MSG, TRACK_MSG, type CollectionDetailView, type CollectionTracksQueryDto, type CollectionView,
  type ListCollectionsQueryDto, type TrackCollectionsQueryDto, type TrackView,
} from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import { sql } from 'kysely';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { consistentTotal, pageOf as pageResult, type PageRequest } from '../common/paginate';
import { memberIdByUsername } from '../common/member-cards.repository';
import { collectionVisibility, trackVisibility, type Viewer } from '../common/visibility';
import { InjectDatabase } from '../platform/tokens';
import { TrackViewBuilder, TracksRepository, socialFactsOf } from '../tracks';
import { CollectionViewBuilder } from './collection-view';
import { CollectionsRepository, type CollectionFilter, type CollectionRow } from './collections.repository';

export interface CollectionPage {
  collections: CollectionView[];
  total: number;
  has_more: boolean;
}

/** Path ids that are not positive integers cannot name a collection: 404, like a missing one. */
export function collectionIdParam(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw ApiError.notFound(SOCIAL_MSG.collectionNotFound, 'Collection');
  return id;
}

const viewerOf = (user: AuthUser | null): Viewer => (user ? { id: user.id } : null);
const pageOf = (query: { limit?: number; offset?: number }, limit: number): PageRequest => ({ limit: query.limit ?? limit, offset: query.offset ?? 0 });

/** Reading collections: one with a page of its tracks, and every list of them. */
@Injectable()
export class CollectionReadsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly collections: CollectionsRepository,
    private readonly views: CollectionViewBuilder,
    private readonly tracks: TracksRepository,
    private readonly trackViews: TrackViewBuilder,
  ) {}

  /** A collection someone else keeps private answers exactly like a missing one. */
  async get(id: number, query: CollectionTracksQueryDto, user: AuthUser | null): Promise<CollectionDetailView> {
    const viewer = viewerOf(user);
    const row = await this.collections.findListRow(this.db, id, viewer);
    if (!row || !collectionVisibility.canView(row, viewer)) throw ApiError.notFound(SOCIAL_MSG.collectionNotFound, 'Collection');
    const [page, [view]] = await Promise.all([
      this.trackPage(row, viewer, pageOf(query, PAGE_SIZES.collectionTracks)),
      this.views.build(this.db, [row], viewer),
    ]);
    const tracks = await Promise.all(page.items.map((item) => this.trackViews.present(item, item.tags, socialFactsOf(item), user?.id ?? null)));
    return { ...view!, tracks, has_more_tracks: page.has_more };
  }

  /**
   * A page of the collection's tracks in its order, each with everything its view shows, and how
   * many it shows in all: one statement (a collection's tracks are counted beside the page).
   */
  private async trackPage(collection: CollectionRow, viewer: Viewer, page: PageRequest) {
    const rows = await this.tracks.withViews(this.db, viewer)
      .innerJoin('collection_tracks', 'collection_tracks.track_id', 'tracks.id')
      .where('collection_tracks.collection_id', '=', collection.id)
      .where(trackVisibility.shownInListOf(collection.user_id, viewer))
      .select(sql<number>`count(*) over ()`.as('total'))
      .orderBy('collection_tracks.position').limit(page.limit).offset(page.offset)
      .execute();
    // Past the end the page has no row to carry the count.
    const counted = rows.length > 0 ? Number(rows[0]!.total) : (await this.collections.trackIds(this.db, collection, viewer, page)).total;
    return pageResult(rows, consistentTotal(counted, page, rows.length), page);
  }

  async listByUser(username: string, query: { limit?: number; offset?: number }, user: AuthUser | null): Promise<CollectionPage> {
    const userId = await memberIdByUsername(this.db, username);
    if (!userId) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    return this.page({ ...this.defaults(query, user), userId });
  }

  /** The member's own collections, every visibility (spec §6: own collections load from the manage endpoint). */
  listOwn(user: AuthUser, query: { limit?: number; offset?: number }): Promise<CollectionPage> {
    return this.page({ ...this.defaults(query, user), userId: user.id });
  }

  /**
   * Collections a member follows, newest follow first: one's own follows while one may still open
   * them; another member's (the user page /{username}/followed-collections) only as listed to the viewer.
   */
  async listFollowed(user: AuthUser, query: { limit?: number; offset?: number; username?: string }): Promise<CollectionPage> {
    const followerId = query.username ? await memberIdByUsername(this.db, query.username) : user.id;
    if (!followerId) throw ApiError.notFound(TRACK_MSG.userNotFound(query.username!), 'User');
    return this.page({ ...this.defaults(query, user), rule: followerId === user.id ? 'visible' : 'listed', followedBy: followerId });
  }

  /** Explore: collections listed to the viewer, searched, filtered and sorted. */
  async explore(query: ListCollectionsQueryDto, user: AuthUser | null): Promise<CollectionPage> {
    let userId: string | undefined;
    if (query.username) {
      userId = await memberIdByUsername(this.db, query.username);
      if (!userId) return { collections: [], total: 0, has_more: false };
    }
    return this.page({
      ...this.defaults(query, user), userId, visibilities: query.visibility, search: query.search || undefined,
      sortKey: query.sort_key ?? 'created', sortDir: query.sort_dir ?? 'desc',
    });
  }

  /**
   * Discover: the public collection changed last that shows the viewer a track, with its first
   * tracks; null when there is none.
   */
  async latestPublic(user: AuthUser | null, trackLimit: number): Promise<CollectionDetailView | null> {
    const id = await this.collections.latestPublicWithTracks(this.db, viewerOf(user));
    if (id === undefined) return null;
    // Made private or deleted between the two reads: discover shows no collection rather than failing.
    return this.get(id, { limit: trackLimit }, user).catch((error: unknown) => {
      if (error instanceof ApiError && error.getStatus() === 404) return null;
      throw error;
    });
  }

  /** Collections that show a track to the viewer (optionally one member's), for the track's card. */
  async forTrack(trackId: number, query: TrackCollectionsQueryDto, user: AuthUser | null) {
    const track = await this.tracks.findRow(this.db, trackId);
    if (!track || !trackVisibility.canView(track, viewerOf(user))) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Track');
    const page = await this.page({
      ...this.defaults(query, user, PAGE_SIZES.trackCollections), trackId, userId: query.user_id, sortKey: 'updated',
    });
    return { collections: page.collections, total_collections: page.total, has_more: page.has_more };
  }

  private defaults(query: { limit?: number; offset?: number }, user: AuthUser | null, limit: number = PAGE_SIZES.collections): CollectionFilter {
    return { ...pageOf(query, limit), viewer: viewerOf(user), rule: 'listed', sortKey: 'created', sortDir: 'desc' };
  }

  private async page(filter: CollectionFilter): Promise<CollectionPage> {
    const { items, total, has_more } = await this.collections.list(this.db, filter);
    return { collections: await this.views.build(this.db, items, filter.viewer), total, has_more };
  }

  private async trackViewsInOrder(ids: number[], user: AuthUser | null): Promise<TrackView[]> {
    const rows = await this.tracks.findViews(this.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    return this.trackViews.build(this.db, ordered, user?.id ?? null);
  }
}
