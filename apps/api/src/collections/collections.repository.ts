import { Injectable } from '@nestjs/common';
import type { CollectionSortKey, CollectionVisibility } from '@stardeck/contracts';
import type { CollectionsTable, Database, Db, Tx } from '@stardeck/infra';
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { paginate, type Page, type PageRequest } from '../common/paginate';
import { collectionVisibility, trackVisibility, type Viewer } from '../common/visibility';

export type CollectionRow = Selectable<CollectionsTable>;
export type CollectionListRow = CollectionRow & { track_count: number };

export interface CollectionFilter extends PageRequest {
  viewer: Viewer;
  /** Which rule admits a collection: listed to the viewer (lists), or open to them (what they follow). */
  rule: 'listed' | 'visible';
  userId?: string;
  visibilities?: CollectionVisibility[];
  search?: string;
  /** Collections the viewer follows, newest follow first. */
  followedBy?: string;
  /** Collections that show this track to the viewer. */
  trackId?: number;
  sortKey: CollectionSortKey;
  sortDir: 'asc' | 'desc';
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Collections whose name or description holds `text`, case-insensitively. Both columns carry
 * trigram indexes (pg_trgm, on Postgres and PGlite alike), which serve ILIKE with wildcards on
 * either side. Each index is looked up on its own and the few matches joined, so the pattern is
 * never tested row by row over the collections a list would otherwise read.
 */
export function collectionSearch(text: string) {
  const pattern = `%${escapeLike(text)}%`;
  return (eb: ExpressionBuilder<Database, 'collections'>): Expression<SqlBool> => eb('collections.id', 'in',
    eb.selectFrom('collections as named').select('named.id').where('named.name', 'ilike', pattern)
      .unionAll(eb.selectFrom('collections as described').select('described.id').where('described.description', 'ilike', pattern)));
}

/** Reads of the collections read model. No business rules beyond the visibility module's. */
@Injectable()
export class CollectionsRepository {
  async nextCollectionId(tx: Tx): Promise<number> {
    const { rows } = await sql<{ id: number }>`select nextval('collection_id_seq') as id`.execute(tx);
    return Number(rows[0]!.id);
  }

  /**
   * Serialises collection creation per member until the transaction ends, so parallel creates
   * count one another and cannot all take the last places under the ceiling.
   */
  async lockOwner(tx: Tx, userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`collections-of-${userId}`}, 0))`.execute(tx);
  }

  /** How many collections the member owns (the inline model: deleted ones are gone from it). */
  async countOwned(executor: Db | Tx, userId: string): Promise<number> {
    const row = await executor.selectFrom('collections').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findRow(executor: Db | Tx, id: number): Promise<CollectionRow | undefined> {
    return executor.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One collection with the number of its tracks the viewer may see in it. */
  async findListRow(executor: Db | Tx, id: number, viewer: Viewer): Promise<CollectionListRow | undefined> {
    return this.withTrackCount(executor, viewer).where('collections.id', '=', id).executeTakeFirst();
  }

  /** Counts only the tracks this viewer would see in each collection, so a count never hints at hidden ones. */
  private withTrackCount(executor: Db | Tx, viewer: Viewer) {
    return executor.selectFrom('collections').selectAll('collections').select((eb) => eb.fn.coalesce(
      eb.selectFrom('collection_tracks').innerJoin('tracks', 'tracks.id', 'collection_tracks.track_id')
        .whereRef('collection_tracks.collection_id', '=', 'collections.id').where(trackVisibility.shownInCollection(viewer))
        .select(sql<number>`count(*)::int`.as('n')),
      sql<number>`0`,
    ).as('track_count'));
  }

  /** The filtered list, without its order. A search is served by the trigram indexes of names and descriptions. */
  listQuery(executor: Db | Tx, filter: Omit<CollectionFilter, 'limit' | 'offset' | 'sortKey' | 'sortDir'>) {
    let query = this.withTrackCount(executor, filter.viewer)
      .where(filter.rule === 'listed' ? collectionVisibility.listedTo(filter.viewer) : collectionVisibility.visibleTo(filter.viewer));
    if (filter.userId) query = query.where('collections.user_id', '=', filter.userId);
    if (filter.visibilities?.length) query = query.where('collections.visibility', 'in', filter.visibilities);
    if (filter.search) query = query.where(collectionSearch(filter.search));
    if (filter.trackId !== undefined) {
      const trackId = filter.trackId;
      query = query.where(({ exists, selectFrom }) => exists(selectFrom('collection_tracks').innerJoin('tracks', 'tracks.id', 'collection_tracks.track_id')
        .select('collection_tracks.track_id').whereRef('collection_tracks.collection_id', '=', 'collections.id')
        .where('collection_tracks.track_id', '=', trackId).where(trackVisibility.shownInCollection(filter.viewer))));
    }
    const follower = filter.followedBy;
    if (follower) {
      query = query.where(({ exists, selectFrom }) => exists(selectFrom('collection_follows').select('collection_follows.collection_id')
        .whereRef('collection_follows.collection_id', '=', 'collections.id').where('collection_follows.user_id', '=', follower)));
    }
    return query;
  }

  list(executor: Db | Tx, filter: CollectionFilter): Promise<Page<CollectionListRow>> {
    const follower = filter.followedBy;
    const dir = filter.sortDir;
    return paginate(this.listQuery(executor, filter), filter, (q) => {
      if (follower) {
        return q.orderBy(sql`(select followed_at from collection_follows f where f.collection_id = collections.id and f.user_id = ${follower})`, 'desc')
          .orderBy('collections.id', 'desc');
      }
      switch (filter.sortKey) {
        case 'random': return q.orderBy(sql`random()`);
        case 'name': return q.orderBy(sql`lower(collections.name)`, dir).orderBy('collections.id', dir);
        case 'updated': return q.orderBy('collections.updated_at', dir).orderBy('collections.id', dir);
        case 'track_count': return q.orderBy(sql`track_count`, dir).orderBy('collections.id', dir);
        default: return q.orderBy('collections.created_at', dir).orderBy('collections.id', dir);
      }
    });
  }

  /** The public collection updated last that shows the viewer at least one track (newest first on `collections_listed_updated`). */
  async latestPublicWithTracks(executor: Db | Tx, viewer: Viewer): Promise<number | undefined> {
    const row = await executor.selectFrom('collections').select('collections.id').where('collections.visibility', '=', 'public')
      .where(({ exists, selectFrom }) => exists(selectFrom('collection_tracks').innerJoin('tracks', 'tracks.id', 'collection_tracks.track_id')
        .select('collection_tracks.track_id').whereRef('collection_tracks.collection_id', '=', 'collections.id')
        .where(trackVisibility.shownInCollection(viewer))))
      .orderBy('collections.updated_at', 'desc').orderBy('collections.id', 'desc').limit(1).executeTakeFirst();
    return row?.id;
  }

  /** A page of a collection's track ids in the order they were added, only those the viewer may see in it. */
  trackIds(executor: Db | Tx, collection: CollectionRow, viewer: Viewer, page: PageRequest): Promise<Page<{ track_id: number }>> {
    const query = executor.selectFrom('collection_tracks').innerJoin('tracks', 'tracks.id', 'collection_tracks.track_id')
      .select('collection_tracks.track_id').where('collection_tracks.collection_id', '=', collection.id)
      .where(trackVisibility.shownInListOf(collection.user_id, viewer));
    return paginate(query, page, (q) => q.orderBy('collection_tracks.position'));
  }

  /** The member's own collections that hold a track, in id order (the order their streams are locked in). */
  async ownCollectionsHolding(executor: Db | Tx, userId: string, trackId: number): Promise<number[]> {
    const rows = await executor.selectFrom('collection_tracks').innerJoin('collections', 'collections.id', 'collection_tracks.collection_id')
      .select('collections.id').where('collections.user_id', '=', userId).where('collection_tracks.track_id', '=', trackId)
      .orderBy('collections.id').execute();
    return rows.map((row) => row.id);
  }

  /** Which of these collections the viewer follows. */
  async followedAmong(executor: Db | Tx, userId: string, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await executor.selectFrom('collection_follows').select('collection_id')
      .where('user_id', '=', userId).where('collection_id', 'in', ids).execute();
    return new Set(rows.map((row) => row.collection_id));
  }
}
