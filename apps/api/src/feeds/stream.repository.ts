import { Injectable } from '@nestjs/common';
import type { StreamContentType, StreamSort } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { paginate, type Page, type PageRequest } from '../common/paginate';
import { collectionVisibility, trackVisibility } from '../common/visibility';

export interface StreamFilter extends PageRequest {
  memberId: string;
  contentType: StreamContentType;
  /** Only what entered the stream at or after this time; null for all of it. */
  since: Date | null;
  sort: StreamSort;
}

export interface StreamRow {
  track_id: number;
  streamed_at: Date;
}

/**
 * A member's stream, read from the inline read models it stands for: the uploads of the members
 * they subscribe to, and the adds to the collections they follow and may open. Those models are
 * written in the appending transaction, so a track is in its subscribers' streams the moment its
 * upload commits, and what a member leaves stops showing at once. The async fan-out table this
 * replaces lagged the log by a relay hop, a bus hop and a projector transaction (p99 near two
 * seconds under a steady write load), and a page read no fewer rows: it joined the subscriptions
 * and follows anyway to drop what the member had left. bench/stream-scale.mjs measures how a page
 * grows with what a member follows.
 */
@Injectable()
export class StreamRepository {
  /** One row per track, however many ways it came, at the latest time it came. */
  list(executor: Db | Tx, filter: StreamFilter): Promise<Page<StreamRow>> {
    const viewer = { id: filter.memberId };
    const uploads = executor.selectFrom('subscriptions')
      .innerJoin('tracks as uploaded', 'uploaded.user_id', 'subscriptions.subject_id')
      .where('subscriptions.subscriber_id', '=', viewer.id)
      .select(['uploaded.id as track_id', 'uploaded.created_at as entered_at']);
    const adds = executor.selectFrom('collection_follows')
      .innerJoin('collections', 'collections.id', 'collection_follows.collection_id')
      .innerJoin('collection_tracks', 'collection_tracks.collection_id', 'collection_follows.collection_id')
      .where('collection_follows.user_id', '=', viewer.id)
      .where(collectionVisibility.visibleTo(viewer))
      .select(['collection_tracks.track_id', 'collection_tracks.added_at as entered_at']);
    const sources = filter.contentType === 'uploads' ? uploads : filter.contentType === 'collections' ? adds : uploads.unionAll(adds);
    let entries = executor.selectFrom(sources.as('entry'))
      .innerJoin('tracks', 'tracks.id', 'entry.track_id')
      .where(trackVisibility.listedTo(viewer));
    if (filter.since) entries = entries.where('entry.entered_at', '>=', filter.since);
    const tracks = entries.groupBy('entry.track_id')
      .select(['entry.track_id', sql<Date>`max(entry.entered_at)`.as('streamed_at')]);
    const query = executor.selectFrom(tracks.as('stream'))
      .leftJoin('track_play_counts', 'track_play_counts.track_id', 'stream.track_id')
      .select(['stream.track_id', 'stream.streamed_at']);
    return paginate(query, filter, (q) => {
      if (filter.sort === 'popular') {
        return q.orderBy(sql`coalesce(track_play_counts.play_count, 0)`, 'desc').orderBy('stream.streamed_at', 'desc').orderBy('stream.track_id', 'desc');
      }
      const dir = filter.sort === 'oldest' ? 'asc' : 'desc';
      return q.orderBy('stream.streamed_at', dir).orderBy('stream.track_id', dir);
    });
  }
}
