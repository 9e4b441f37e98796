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

/** Reads of the `stream_entries` read model. No business rules beyond the visibility module's. */
@Injectable()
export class StreamRepository {
  /**
   * One row per track, however many ways it came. A row counts only while the member may list
   * the track, still subscribes to its owner (an upload) or still follows a collection they may
   * open (an add): what they left stops showing at once, before the projection takes it out.
   */
  list(executor: Db | Tx, filter: StreamFilter): Promise<Page<StreamRow>> {
    const viewer = { id: filter.memberId };
    let entries = executor.selectFrom('stream_entries')
      .innerJoin('tracks', 'tracks.id', 'stream_entries.track_id')
      .where('stream_entries.member_id', '=', viewer.id)
      .where(trackVisibility.listedTo(viewer))
      .where((eb) => eb.or([
        eb.and([
          eb('stream_entries.collection_id', 'is', null),
          eb.exists(eb.selectFrom('subscriptions').select('subscriptions.subject_id')
            .where('subscriptions.subscriber_id', '=', viewer.id).whereRef('subscriptions.subject_id', '=', 'stream_entries.owner_id')),
        ]),
        eb.exists(eb.selectFrom('collection_follows').innerJoin('collections', 'collections.id', 'collection_follows.collection_id')
          .select('collection_follows.collection_id')
          .whereRef('collection_follows.collection_id', '=', 'stream_entries.collection_id')
          .where('collection_follows.user_id', '=', viewer.id)
          .where(collectionVisibility.visibleTo(viewer))),
      ]));
    if (filter.contentType === 'uploads') entries = entries.where('stream_entries.collection_id', 'is', null);
    if (filter.contentType === 'collections') entries = entries.where('stream_entries.collection_id', 'is not', null);
    if (filter.since) entries = entries.where('stream_entries.entered_at', '>=', filter.since);
    const tracks = entries.groupBy('stream_entries.track_id')
      .select(['stream_entries.track_id', sql<Date>`max(stream_entries.entered_at)`.as('streamed_at')]);
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
