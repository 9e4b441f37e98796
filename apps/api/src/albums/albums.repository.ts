import { Injectable } from '@nestjs/common';
import type { TagView } from '@stardeck/contracts';
import type { AlbumsTable, Db, Tx } from '@stardeck/infra';
import { sql, type Selectable } from 'kysely';
import { paginate, type Page, type PageRequest } from '../common/paginate';
import { albumVisibility, trackVisibility, type Viewer } from '../common/visibility';

export type AlbumRow = Selectable<AlbumsTable>;
/** An album with what one viewer sees of it: how many of its tracks, their running time, and its tags. */
export type AlbumListRow = AlbumRow & { track_count: number; total_duration: number; tags: Omit<TagView, 'usage_count'>[] };

export interface AlbumFilter extends PageRequest {
  viewer: Viewer;
  userId?: string;
  /** Only albums carrying every one of these tags. */
  tagIds?: number[];
  /** Only albums that show the viewer this track. */
  trackId?: number;
  /** Only albums of the members this member subscribes to, made at or after `since`. */
  subscribedBy?: string;
  since?: Date | null;
}

/** Reads of the albums read model. No business rules beyond the visibility module's. */
@Injectable()
export class AlbumsRepository {
  async nextAlbumId(tx: Tx): Promise<number> {
    const { rows } = await sql<{ id: number }>`select nextval('album_id_seq') as id`.execute(tx);
    return Number(rows[0]!.id);
  }

  /** Serialises album creation per member, so parallel creates count one another under the ceiling. */
  async lockOwner(tx: Tx, userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`albums-of-${userId}`}, 0))`.execute(tx);
  }

  async countOwned(executor: Db | Tx, userId: string): Promise<number> {
    const row = await executor.selectFrom('albums').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The member's tier and role as this transaction sees them: a downgrade that committed first counts. */
  memberAccount(executor: Db | Tx, userId: string): Promise<{ role: string; tier: string } | undefined> {
    return executor.selectFrom('users').select(['role', 'tier']).where('id', '=', userId).executeTakeFirst();
  }

  /** Which of these tracks exist, belong to the member and did not fail to process. */
  async ownTrackIds(executor: Db | Tx, userId: string, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await executor.selectFrom('tracks').select('id').where('user_id', '=', userId).where('id', 'in', [...ids])
      .where('status', '!=', 'failed').execute();
    return rows.map((row) => Number(row.id));
  }

  findRow(executor: Db | Tx, id: number): Promise<AlbumRow | undefined> {
    return executor.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One album with what the viewer sees of it. */
  findListRow(executor: Db | Tx, id: number, viewer: Viewer): Promise<AlbumListRow | undefined> {
    return this.withFacts(executor, viewer).where('albums.id', '=', id).executeTakeFirst();
  }

  /** Counts and sums only the tracks this viewer would see in each album, so neither hints at hidden ones. */
  private withFacts(executor: Db | Tx, viewer: Viewer) {
    return executor.selectFrom('albums').selectAll('albums')
      .select((eb) => eb.selectFrom('album_tracks').innerJoin('tracks', 'tracks.id', 'album_tracks.track_id')
        .whereRef('album_tracks.album_id', '=', 'albums.id').where(albumVisibility.tracksShownTo(viewer))
        .select(sql<number>`count(*)::int`.as('n')).as('track_count'))
      .select((eb) => eb.selectFrom('album_tracks').innerJoin('tracks', 'tracks.id', 'album_tracks.track_id')
        .whereRef('album_tracks.album_id', '=', 'albums.id').where(albumVisibility.tracksShownTo(viewer))
        .select(sql<number>`coalesce(sum(tracks.duration), 0)::float8`.as('d')).as('total_duration'))
      .select(sql<TagView[]>`(
        select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) order by at.position), '[]'::json)
        from album_tags at join tags t on t.id = at.tag_id where at.album_id = albums.id)`.as('tags'))
      .$narrowType<{ track_count: number; total_duration: number }>();
  }

  /** Albums listed to the viewer, newest first. */
  list(executor: Db | Tx, filter: AlbumFilter): Promise<Page<AlbumListRow>> {
    let query = this.withFacts(executor, filter.viewer).where(albumVisibility.listedTo(filter.viewer));
    if (filter.userId) query = query.where('albums.user_id', '=', filter.userId);
    for (const tagId of filter.tagIds ?? []) {
      query = query.where(({ exists, selectFrom }) => exists(selectFrom('album_tags').select('album_tags.album_id')
        .whereRef('album_tags.album_id', '=', 'albums.id').where('album_tags.tag_id', '=', tagId)));
    }
    const trackId = filter.trackId;
    if (trackId !== undefined) {
      query = query.where(({ exists, selectFrom }) => exists(selectFrom('album_tracks').innerJoin('tracks', 'tracks.id', 'album_tracks.track_id')
        .select('album_tracks.track_id').whereRef('album_tracks.album_id', '=', 'albums.id').where('album_tracks.track_id', '=', trackId)
        .where(albumVisibility.tracksShownTo(filter.viewer))));
    }
    const subscriber = filter.subscribedBy;
    if (subscriber) {
      query = query.where(({ exists, selectFrom }) => exists(selectFrom('subscriptions').select('subscriptions.subject_id')
        .whereRef('subscriptions.subject_id', '=', 'albums.user_id').where('subscriptions.subscriber_id', '=', subscriber)));
    }
    if (filter.since) query = query.where('albums.created_at', '>=', filter.since);
    return paginate(query, filter, (q) => q.orderBy('albums.created_at', 'desc').orderBy('albums.id', 'desc'));
  }

  /** The album's track ids in its order, only those the viewer may see in it, numbered as the viewer sees them. */
  async trackIds(executor: Db | Tx, album: AlbumRow, viewer: Viewer): Promise<number[]> {
    const rows = await executor.selectFrom('album_tracks').innerJoin('tracks', 'tracks.id', 'album_tracks.track_id')
      .select('album_tracks.track_id').where('album_tracks.album_id', '=', album.id)
      .where(trackVisibility.shownInListOf(album.user_id, viewer))
      .orderBy('album_tracks.track_number').execute();
    return rows.map((row) => Number(row.track_id));
  }
}
