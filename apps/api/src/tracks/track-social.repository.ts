import { Injectable } from '@nestjs/common';
import type { Database, Db, Tx } from '@stardeck/infra';
import { sql, type ExpressionBuilder } from 'kysely';
import { collectionVisibility, trackVisibility, type Viewer } from '../common/visibility';

export interface TrackSocialFacts {
  in_library: boolean;
  saved_by_count: number;
  in_collections_count: number;
  comment_count: number;
}

export const NO_SOCIAL_FACTS: TrackSocialFacts = { in_library: false, saved_by_count: 0, in_collections_count: 0, comment_count: 0 };

/**
 * The social facts of the track in `tracks`, as columns of a query on it: whether the viewer
 * saved it, how many saved it, how many collections listed to the viewer show it to them, how many
 * comments it has. Read from the library, collections and comments read models. A list reads them
 * in its own statement (the stream) or in one query for all its tracks (forTracks).
 */
export function socialColumns(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'tracks'>) => [
    viewer
      ? eb.exists(eb.selectFrom('library_entries').select('library_entries.track_id')
        .whereRef('library_entries.track_id', '=', 'tracks.id').where('library_entries.user_id', '=', viewer.id)).as('in_library')
      : sql<boolean>`false`.as('in_library'),
    eb.fn.coalesce(
      eb.selectFrom('track_save_counts').select('track_save_counts.saved_by_count').whereRef('track_save_counts.track_id', '=', 'tracks.id'),
      sql<number>`0`,
    ).as('saved_by_count'),
    eb.selectFrom('collection_tracks').innerJoin('collections', 'collections.id', 'collection_tracks.collection_id')
      .whereRef('collection_tracks.track_id', '=', 'tracks.id')
      .where(collectionVisibility.listedTo(viewer)).where(trackVisibility.shownInCollection(viewer))
      .select(sql<number>`count(*)::int`.as('n')).as('in_collections_count'),
    eb.fn.coalesce(
      eb.selectFrom('track_comment_counts').select('track_comment_counts.comment_count').whereRef('track_comment_counts.track_id', '=', 'tracks.id'),
      sql<number>`0`,
    ).as('comment_count'),
  ] as const;
}

/** The facts as the track view carries them, from the columns socialColumns reads. */
export function socialFactsOf(row: { in_library: unknown; saved_by_count: unknown; in_collections_count: unknown; comment_count: unknown }): TrackSocialFacts {
  return {
    in_library: Boolean(row.in_library),
    saved_by_count: Number(row.saved_by_count),
    in_collections_count: Number(row.in_collections_count ?? 0),
    comment_count: Number(row.comment_count),
  };
}

/** What members did with tracks, for the track view: one query for a whole list. */
@Injectable()
export class TrackSocialRepository {
  async forTracks(executor: Db | Tx, ids: number[], viewer: Viewer): Promise<Map<number, TrackSocialFacts>> {
    if (ids.length === 0) return new Map();
    const rows = await executor.selectFrom('tracks')
      .where('tracks.id', 'in', ids)
      .select('tracks.id')
      .select(socialColumns(viewer))
      .execute();
    return new Map(rows.map((row) => [row.id, socialFactsOf(row)]));
  }
}
