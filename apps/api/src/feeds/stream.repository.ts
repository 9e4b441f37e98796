import { Injectable } from '@nestjs/common';
import type { StreamContentType, StreamSort } from '@stardeck/contracts';
import { executePrepared, type Db, type Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { consistentTotal, pageOf, type PageRequest } from '../common/paginate';
import { collectionVisibility, trackVisibility } from '../common/visibility';
import { TracksRepository } from '../tracks';

export interface StreamFilter extends PageRequest {
  memberId: string;
  contentType: StreamContentType;
  /** Only what entered the stream at or after this time; null for all of it. */
  since: Date | null;
  sort: StreamSort;
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
  constructor(private readonly tracks: TracksRepository) {}

  /**
   * A page of the stream with everything its track views show (owner, counts, tags, the reader's
   * social facts) and the length of the whole stream, in one prepared statement. The stream is
   * read back to back by members waiting for a new track: a page read as a page query, a count,
   * the page's tracks and then their tags and social facts was four round trips and five plans,
   * and planning this join costs more than running it. One snapshot also keeps the count in
   * agreement with the page and loses no track deleted between two reads.
   */
  async page(executor: Db | Tx, filter: StreamFilter) {
    if (filter.sort === 'recent' && filter.since === null) return this.recentPage(executor, filter);
    const viewer = { id: filter.memberId };
    const sorted = this.order(filter);
    const page = this.list(executor, filter)
      .select([sql<number>`count(*) over ()`.as('total'), sql<number>`row_number() over (order by ${sorted})`.as('position')])
      .orderBy(sorted).limit(filter.limit).offset(filter.offset);
    const rows = await executePrepared(executor, this.tracks.withViews(executor, viewer)
      .innerJoin(page.as('page'), 'page.track_id', 'tracks.id')
      .select(['page.streamed_at', 'page.total'])
      .orderBy('page.position'));
    // Past the end of the stream the page has no row to carry the count.
    const total = rows.length > 0 ? Number(rows[0]!.total) : filter.offset === 0 ? 0 : Number((await this.count(executor, filter)).total);
    return pageOf(rows, total, filter);
  }

  /**
   * The newest page, read as far as the page goes: from each member followed, their newest
   * listed tracks up to the end of the page (by the owner's index), merged with the adds to the
   * followed collections; the whole stream's length from the members' kept counts of listed
   * tracks plus the adds of tracks by members not followed. A page then reads what it shows, not
   * every listed track of every member followed.
   */
  private async recentPage(executor: Db | Tx, filter: StreamFilter) {
    const viewer = { id: filter.memberId };
    const reach = filter.offset + filter.limit;
    const uploads = executor.selectFrom('subscriptions')
      .innerJoinLateral((eb) => eb.selectFrom('tracks').select(['tracks.id as track_id', 'tracks.created_at as entered_at'])
        .whereRef('tracks.user_id', '=', 'subscriptions.subject_id').where(trackVisibility.listedTo(viewer))
        .orderBy('tracks.created_at', 'desc').orderBy('tracks.id', 'desc').limit(reach).as('newest'), (join) => join.onTrue())
      .where('subscriptions.subscriber_id', '=', viewer.id)
      .select(['newest.track_id', 'newest.entered_at']);
    const adds = this.adds(executor, viewer);
    const sources = filter.contentType === 'uploads' ? uploads : filter.contentType === 'collections' ? adds : uploads.unionAll(adds);
    const page = executor.selectFrom(sources.as('entry')).groupBy('entry.track_id')
      .select(['entry.track_id', sql<Date>`max(entry.entered_at)`.as('streamed_at')])
      .orderBy(sql`max(entry.entered_at)`, 'desc').orderBy('entry.track_id', 'desc').limit(filter.limit).offset(filter.offset);
    const subscribed = sql`(select coalesce(sum(m.listed), 0) from subscriptions s join member_track_counts m on m.user_id = s.subject_id where s.subscriber_id = ${viewer.id})`;
    const added = (onlyUnfollowed: boolean) => sql`(select count(distinct a.track_id) from (${adds}) a join tracks t on t.id = a.track_id
      ${onlyUnfollowed ? sql`where not exists (select 1 from subscriptions s where s.subscriber_id = ${viewer.id} and s.subject_id = t.user_id)` : sql``})`;
    const total = filter.contentType === 'uploads' ? subscribed : filter.contentType === 'collections' ? added(false) : sql`${subscribed} + ${added(true)}`;
    const rows = await executePrepared(executor, this.tracks.withViews(executor, viewer)
      .innerJoin(page.as('page'), 'page.track_id', 'tracks.id')
      .select(['page.streamed_at', sql<number>`${total}`.as('total')])
      .orderBy('page.streamed_at', 'desc').orderBy('tracks.id', 'desc'));
    const counted = rows.length > 0 ? Number(rows[0]!.total) : Number((await sql<{ n: string }>`select ${total} as n`.execute(executor)).rows[0]!.n);
    return pageOf(rows, consistentTotal(counted, filter, rows.length), filter);
  }

  /** Adds to the collections the member follows and may open, of tracks listed to them. */
  private adds(executor: Db | Tx, viewer: { id: string }) {
    return executor.selectFrom('collection_follows')
      .innerJoin('collections', 'collections.id', 'collection_follows.collection_id')
      .innerJoin('collection_tracks', 'collection_tracks.collection_id', 'collection_follows.collection_id')
      .innerJoin('tracks', 'tracks.id', 'collection_tracks.track_id')
      .where('collection_follows.user_id', '=', viewer.id)
      .where(collectionVisibility.visibleTo(viewer))
      .where(trackVisibility.listedTo(viewer))
      .select(['collection_tracks.track_id', 'collection_tracks.added_at as entered_at']);
  }

  /**
   * One row per track, however many ways it came, at the latest time it came; with its play
   * count, for the popular sort. Each source checks the tracks it brings as it reads them (by the
   * owner's index, or by id for a collection's), so a page reads what the member follows and never
   * every listed track of the site.
   */
  private list(executor: Db | Tx, filter: StreamFilter) {
    const viewer = { id: filter.memberId };
    const uploads = executor.selectFrom('subscriptions')
      .innerJoin('tracks', 'tracks.user_id', 'subscriptions.subject_id')
      .where('subscriptions.subscriber_id', '=', viewer.id)
      .where(trackVisibility.listedTo(viewer))
      .select(['tracks.id as track_id', 'tracks.created_at as entered_at']);
    const adds = executor.selectFrom('collection_follows')
      .innerJoin('collections', 'collections.id', 'collection_follows.collection_id')
      .innerJoin('collection_tracks', 'collection_tracks.collection_id', 'collection_follows.collection_id')
      .innerJoin('tracks', 'tracks.id', 'collection_tracks.track_id')
      .where('collection_follows.user_id', '=', viewer.id)
      .where(collectionVisibility.visibleTo(viewer))
      .where(trackVisibility.listedTo(viewer))
      .select(['collection_tracks.track_id', 'collection_tracks.added_at as entered_at']);
    const sources = filter.contentType === 'uploads' ? uploads : filter.contentType === 'collections' ? adds : uploads.unionAll(adds);
    let entries = executor.selectFrom(sources.as('entry'));
    if (filter.since) entries = entries.where('entry.entered_at', '>=', filter.since);
    const tracks = entries.groupBy('entry.track_id')
      .select(['entry.track_id', sql<Date>`max(entry.entered_at)`.as('streamed_at')]);
    return executor.selectFrom(tracks.as('stream'))
      .leftJoin('track_play_counts', 'track_play_counts.track_id', 'stream.track_id')
      .select(['stream.track_id', 'stream.streamed_at']);
  }

  private count(executor: Db | Tx, filter: StreamFilter) {
    return this.list(executor, filter).clearSelect().select(sql<number>`count(*)::bigint`.as('total')).executeTakeFirstOrThrow();
  }

  /** The page's order, as an ORDER BY list: the numbering of the rows and the page's own order agree. */
  private order(filter: StreamFilter) {
    if (filter.sort === 'popular') {
      return sql`coalesce(track_play_counts.play_count, 0) desc, stream.streamed_at desc, stream.track_id desc`;
    }
    return filter.sort === 'oldest' ? sql`stream.streamed_at asc, stream.track_id asc` : sql`stream.streamed_at desc, stream.track_id desc`;
  }
}
