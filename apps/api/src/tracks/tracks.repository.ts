import { Injectable } from '@nestjs/common';
import type { TagView } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { storageUsage, type TrackRow } from '@stardeck/domain';
import { sql, type RawBuilder } from 'kysely';
import { consistentTotal, pageOf, paginate, type Page } from '../common/paginate';
import { trackVisibility, type Viewer } from '../common/visibility';
import { tagsColumn } from './tags.repository';
import { socialColumns } from './track-social.repository';

export type { TrackRow };

/**
 * Every column of the tracks model but the full-resolution waveform: a track view carries only
 * the list resolution and points at the full one (GET /v1/tracks/{id}/peaks).
 */
const VIEW_COLUMNS = [
  'tracks.id', 'tracks.user_id', 'tracks.title', 'tracks.slug', 'tracks.description', 'tracks.visibility', 'tracks.status',
  'tracks.failure_reason', 'tracks.filename', 'tracks.mimetype', 'tracks.extension', 'tracks.filesize', 'tracks.source_key',
  'tracks.lossless', 'tracks.renditions', 'tracks.duration', 'tracks.bitrate', 'tracks.list_peaks', 'tracks.peaks_key',
  'tracks.artwork_key', 'tracks.artwork_mimetype', 'tracks.video', 'tracks.parent_id', 'tracks.created_at', 'tracks.updated_at', 'tracks.version',
] as const;

export type TrackListRow = TrackRow & { username: string; display_name: string | null; play_count: number; progress: number | null };

/** A list row with everything its track view shows: tags and the viewer's social facts included. */
export type TrackViewRow = TrackListRow & { tags: TagView[]; in_library: unknown; saved_by_count: unknown; in_collections_count: unknown; comment_count: unknown };

export interface ListFilter {
  limit: number;
  offset: number;
  sortKey: 'created' | 'title' | 'random' | 'play_count';
  sortDir: 'asc' | 'desc';
  search?: string;
  userId?: string;
  tagIds?: number[];
  excludeIds?: number[];
  /** Whose lists these are: the viewer's own tracks show in every state, others' only when listed. */
  viewer: Viewer;
  /** Explore and random tracks list only what is listed to everyone, even the viewer's own private ones. */
  everyoneOnly?: boolean;
}

/** A list of every listed track, with no filter but the owner's visibility rules: what the maintained counts cover. */
const isWholeCatalogue = (filter: ListFilter) => !filter.search && !filter.userId && !filter.tagIds?.length && !filter.excludeIds?.length && filter.everyoneOnly === true;

/** Reads of the `tracks` read model joined with owners, play counts and progress. No business rules. */
@Injectable()
export class TracksRepository {
  async nextTrackId(tx: Tx): Promise<number> {
    const { rows } = await sql<{ id: number }>`select nextval('track_id_seq') as id`.execute(tx);
    return Number(rows[0]!.id);
  }

  findRow(executor: Db | Tx, id: number): Promise<TrackRow | undefined> {
    return executor.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Bytes the member's tracks occupy: sources and every rendition (the one definition is the domain's). */
  storageUsed(executor: Db | Tx, userId: string): Promise<number> {
    return storageUsage.trackBytes(executor, userId);
  }

  /** Serialises a member's uploads so two at once cannot both squeeze under the quota. */
  lockUploader(tx: Tx, userId: string): Promise<void> {
    return storageUsage.lock(tx, userId);
  }

  private withOwner(executor: Db | Tx) {
    return executor.selectFrom('tracks')
      .innerJoin('users', 'users.id', 'tracks.user_id')
      .leftJoin('profiles', 'profiles.user_id', 'tracks.user_id')
      .leftJoin('track_play_counts', 'track_play_counts.track_id', 'tracks.id')
      .leftJoin('transcode_progress', 'transcode_progress.track_id', 'tracks.id')
      .select(VIEW_COLUMNS)
      .select([
        'users.username', 'profiles.display_name',
        sql<number>`coalesce(track_play_counts.play_count, 0)`.as('play_count'),
        'transcode_progress.percent as progress',
      ]);
  }

  /**
   * Everything a track view shows, its tags and social facts for `viewer` included, as one query
   * on `tracks` for a list to join its page to: the list is then one statement, not a page read
   * followed by reads of its tracks.
   */
  withViews(executor: Db | Tx, viewer: Viewer) {
    return this.withOwner(executor).select(socialColumns(viewer)).select(tagsColumn());
  }

  findView(executor: Db | Tx, id: number): Promise<TrackListRow | undefined> {
    return this.withOwner(executor).where('tracks.id', '=', id).executeTakeFirst();
  }

  findViews(executor: Db | Tx, ids: number[]): Promise<TrackListRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.withOwner(executor).where('tracks.id', 'in', ids).execute();
  }

  /**
   * The filtered list, without its order. A search looks up each trigram index on its own (titles,
   * descriptions, owners' usernames) and joins the few matches, so it never reads every track.
   */
  listQuery(executor: Db | Tx, filter: Omit<ListFilter, 'limit' | 'offset' | 'sortKey' | 'sortDir'>) {
    // Each row carries its tags and the viewer's social facts: a page is one statement, not a page
    // read followed by a read of its tags and one of its social facts.
    let query = this.withViews(executor, filter.viewer)
      .where(filter.everyoneOnly ? trackVisibility.listedToEveryone() : trackVisibility.listedTo(filter.viewer));
    if (filter.userId) query = query.where('tracks.user_id', '=', filter.userId);
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matches = executor.selectFrom('tracks as titled').select('titled.id').where('titled.title', 'ilike', pattern)
        .unionAll(executor.selectFrom('tracks as described').select('described.id').where('described.description', 'ilike', pattern))
        .unionAll(executor.selectFrom('users as named').innerJoin('tracks as owned', 'owned.user_id', 'named.id').select('owned.id')
          .where('named.username', 'ilike', pattern));
      query = query.where('tracks.id', 'in', matches);
    }
    for (const tagId of filter.tagIds ?? []) {
      query = query.where(({ exists, selectFrom }) => exists(
        selectFrom('track_tags').select('track_tags.tag_id').whereRef('track_tags.track_id', '=', 'tracks.id').where('track_tags.tag_id', '=', tagId),
      ));
    }
    if (filter.excludeIds?.length) query = query.where('tracks.id', 'not in', filter.excludeIds);
    return query;
  }

  async list(executor: Db | Tx, filter: ListFilter): Promise<Page<TrackViewRow>> {
    const dir = filter.sortDir;
    if (filter.sortKey === 'play_count' && dir === 'desc' && isWholeCatalogue(filter)) return this.mostPlayed(executor, filter);
    const order = (q: ReturnType<TracksRepository['listQuery']>) => (filter.sortKey === 'random' ? q.orderBy(sql`random()`)
      : filter.sortKey === 'title' ? q.orderBy(sql`lower(tracks.title)`, dir).orderBy('tracks.id', dir)
        : filter.sortKey === 'play_count' ? q.orderBy(sql`coalesce(track_play_counts.play_count, 0)`, dir).orderBy('tracks.id', 'desc')
          : q.orderBy('tracks.created_at', dir).orderBy('tracks.id', dir));
    const counted = this.countedTotal(filter);
    if (!counted) return paginate(this.listQuery(executor, filter), filter, order);
    // The kept count travels on every row of the page: one statement. Only an empty page reads it alone.
    const rows = await order(this.listQuery(executor, filter)).select(counted.as('counted_total')).limit(filter.limit).offset(filter.offset).execute();
    const total = rows.length > 0 ? Number(rows[0]!.counted_total ?? 0) : await this.readCount(executor, counted);
    return pageOf(rows, consistentTotal(total, filter, rows.length), filter);
  }

  private async readCount(executor: Db | Tx, counted: RawBuilder<unknown>): Promise<number> {
    const { rows } = await sql<{ n: number | string | null }>`select (${counted}) as n`.execute(executor);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * The size of a list that a read model keeps, as a scalar subquery read by key: the whole
   * catalogue listed to everyone, one member's tracks, one tag's listed tracks. Undefined for a
   * list only its rows can count (a search, several tags).
   */
  private countedTotal(filter: ListFilter): RawBuilder<unknown> | undefined {
    if (filter.search || filter.excludeIds?.length || (filter.tagIds?.length ?? 0) > 1) return undefined;
    const everyone = filter.everyoneOnly || filter.viewer === null || (filter.userId !== undefined && filter.viewer.id !== filter.userId);
    if (filter.tagIds?.length === 1) {
      // Tag counts are kept by an async read model: a list of someone's own tracks under a tag counts its rows.
      if (filter.userId || !everyone) return undefined;
      return sql`(select listed_count from tag_usage_counts where tag_id = ${filter.tagIds[0]!})`;
    }
    if (filter.userId) return sql`(select ${sql.ref(everyone ? 'listed' : 'tracks')} from member_track_counts where user_id = ${filter.userId})`;
    if (!everyone) return undefined;
    return sql`(select value from track_totals where key = 'listed')`;
  }

  /**
   * The whole catalogue by plays, most first (ties newest id first): the played tracks in the
   * order of the play counts' index, then, past the last of them, the tracks never played by id.
   * Each part reads only as far as the page, where ordering by a count joined to every listed
   * track sorted them all.
   */
  private async mostPlayed(executor: Db | Tx, filter: ListFilter): Promise<Page<TrackViewRow>> {
    const wanted = filter.offset + filter.limit;
    const counted = this.countedTotal(filter)!;
    const played = await this.listQuery(executor, filter).where('track_play_counts.play_count', '>', 0).select(counted.as('counted_total'))
      .orderBy('track_play_counts.play_count', 'desc').orderBy('track_play_counts.track_id', 'desc').limit(wanted).execute();
    const total = played.length > 0 ? Number(played[0]!.counted_total ?? 0) : await this.readCount(executor, counted);
    let items: TrackViewRow[] = played.slice(filter.offset);
    if (played.length < wanted) {
      const unplayed = await this.listQuery(executor, filter).where('track_play_counts.track_id', 'is', null).orderBy('tracks.id', 'desc')
        .limit(filter.limit - items.length).offset(Math.max(0, filter.offset - played.length)).execute();
      items = [...items, ...unplayed];
    }
    return pageOf(items, consistentTotal(total, filter, items.length), filter);
  }

  /** What the waveform route needs: who may see the track, and its full waveform (a table of its own). */
  findPeaks(executor: Db | Tx, id: number): Promise<(Pick<TrackRow, 'user_id' | 'visibility' | 'status'> & { peaks: string | null }) | undefined> {
    return executor.selectFrom('tracks').leftJoin('track_waveforms', 'track_waveforms.track_id', 'tracks.id')
      .select(['tracks.user_id', 'tracks.visibility', 'tracks.status', 'track_waveforms.peaks']).where('tracks.id', '=', id).executeTakeFirst();
  }

  findUserByUsername(executor: Db | Tx, username: string): Promise<{ id: string; username: string; config: Record<string, unknown> } | undefined> {
    return executor.selectFrom('users').leftJoin('profiles', 'profiles.user_id', 'users.id')
      .select(['users.id', 'users.username', sql<Record<string, unknown>>`coalesce(profiles.config, '{}'::jsonb)`.as('config')])
      .where(sql<string>`lower(users.username)`, '=', username.toLowerCase()).executeTakeFirst();
  }
}
