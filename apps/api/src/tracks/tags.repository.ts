import { Injectable } from '@nestjs/common';
import type { TagView, TrackTagRef } from '@stardeck/contracts';
import { tagRegistry } from '@stardeck/domain';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { trackVisibility, type Viewer } from '../common/visibility';

export interface TagListRow extends TagView {
  unique_artists: number;
}

/** Members with a public tagged track, as the tag usage projection counts them. */
const UNIQUE_ARTISTS = sql`select value from tag_usage_totals where key = 'unique_artists'`;


/**
 * The tags of the track in `tracks`, in their order, as one json column of a query on it (what
 * forTracks reads for a list, for a list read in one statement).
 */
export function tagsColumn() {
  return sql<TagView[]>`(
    select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug, 'usage_count', coalesce(u.usage_count, 0))
      order by tt.position), '[]'::json)
    from track_tags tt join tags t on t.id = tt.tag_id left join tag_usage_counts u on u.tag_id = t.id
    where tt.track_id = tracks.id)`.as('tags');
}

/** Tag ids by case-insensitive name, and tag usage reads. No business rules. */
@Injectable()
export class TagsRepository {
  /** The tag of each name, registering new names (the domain's registry). */
  ensure(tx: Tx, names: string[]): Promise<TrackTagRef[]> {
    return tagRegistry.ensure(tx, names);
  }

  async forTracks(executor: Db | Tx, trackIds: number[]): Promise<Map<number, TagView[]>> {
    const byTrack = new Map<number, TagView[]>();
    if (trackIds.length === 0) return byTrack;
    const { rows } = await sql<{ track_id: number; id: number; name: string; slug: string; usage_count: number | null }>`
      select tt.track_id, t.id, t.name, t.slug, u.usage_count
      from track_tags tt join tags t on t.id = tt.tag_id left join tag_usage_counts u on u.tag_id = t.id
      where tt.track_id in (${sql.join(trackIds)})
      order by tt.track_id, tt.position`.execute(executor);
    for (const row of rows) {
      const list = byTrack.get(row.track_id) ?? [];
      list.push({ id: row.id, name: row.name, slug: row.slug, usage_count: Number(row.usage_count ?? 0) });
      byTrack.set(row.track_id, list);
    }
    return byTrack;
  }

  /** How many listed tracks carry each of these tags (an album's tags show the same counts as a track's). */
  async usageOf(executor: Db | Tx, tagIds: readonly number[]): Promise<Map<number, number>> {
    if (tagIds.length === 0) return new Map();
    const { rows } = await sql<{ tag_id: number; usage_count: number }>`
      select u.tag_id, u.usage_count from tag_usage_counts u where u.tag_id in (${sql.join([...tagIds])})`.execute(executor);
    return new Map(rows.map((row) => [Number(row.tag_id), Number(row.usage_count)]));
  }

  async list(
    executor: Db | Tx,
    options: { limit: number; offset: number; sort: 'usage_count' | 'name'; q?: string; viewer: Viewer },
  ): Promise<{ tags: TagListRow[]; uniqueArtists: number }> {
    // The cloud (no search) reads its page and the artists' count in one statement.
    if (!options.q) {
      const order = options.sort === 'name' ? sql`name_key asc` : sql`usage_count desc, name_key asc`;
      // The page's order is set again outside: the join to the names may return rows in any order.
      const { rows } = await sql<TagListRow & { artists: number | string | null }>`
        select t.id, t.name, t.slug, u.usage_count, u.unique_artists, (${UNIQUE_ARTISTS}) as artists
        from (select 1) one
        left join lateral (
          select * from tag_usage_counts where usage_count >= 1 order by ${order} limit ${options.limit} offset ${options.offset}
        ) u on true
        left join tags t on t.id = u.tag_id
        order by ${options.sort === 'name' ? sql`u.name_key asc` : sql`u.usage_count desc, u.name_key asc`}`.execute(executor);
      const tags = rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), name: r.name, slug: r.slug, usage_count: Number(r.usage_count), unique_artists: Number(r.unique_artists) }));
      return { tags, uniqueArtists: Number(rows[0]?.artists ?? 0) };
    }
    const [tags, uniqueArtists] = await Promise.all([this.listTags(executor, { ...options, minUsage: 1 }), this.uniqueArtists(executor)]);
    return { tags, uniqueArtists };
  }

  /** The most used tags, each on at least `minUsage` listed tracks (discover and the cloud leave out tags used once). */
  popular(executor: Db | Tx, limit: number, minUsage: number): Promise<TagListRow[]> {
    return this.listTags(executor, { limit, offset: 0, sort: 'usage_count', viewer: null, minUsage });
  }

  private async listTags(
    executor: Db | Tx,
    options: { limit: number; offset: number; sort: 'usage_count' | 'name'; q?: string; viewer: Viewer; minUsage: number },
  ): Promise<TagListRow[]> {
    const pattern = options.q ? `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    // A search finds a tag only if a track listed to the viewer carries it (their own included, to
    // reuse), so the names on someone else's private or unlisted tracks never show.
    const visibleTagIds = executor.selectFrom('track_tags').innerJoin('tracks', 'tracks.id', 'track_tags.track_id')
      .select('track_tags.tag_id').where(trackVisibility.listedTo(options.viewer));
    // Without a search only tags counted in public use are listed, read in the order of the
    // counts' own indexes (tag_usage_counts: usage, then name).
    const order = options.sort === 'name' ? sql`u.name_key asc` : sql`u.usage_count desc, u.name_key asc`;
    const { rows } = pattern
      ? await sql<TagListRow>`
        select t.id, t.name, t.slug, coalesce(u.usage_count, 0) as usage_count, coalesce(u.unique_artists, 0) as unique_artists
        from tags t left join tag_usage_counts u on u.tag_id = t.id
        where lower(t.name) like ${pattern} and t.id in (${visibleTagIds})
        order by ${options.sort === 'name' ? sql`lower(t.name) asc` : sql`coalesce(u.usage_count, 0) desc, lower(t.name) asc`}
        limit ${options.limit} offset ${options.offset}`.execute(executor)
      : await sql<TagListRow>`
        select t.id, t.name, t.slug, u.usage_count, u.unique_artists
        from tag_usage_counts u join tags t on t.id = u.tag_id
        where u.usage_count >= ${options.minUsage}
        order by ${order}
        limit ${options.limit} offset ${options.offset}`.execute(executor);
    return rows.map((r) => ({ ...r, id: Number(r.id), usage_count: Number(r.usage_count), unique_artists: Number(r.unique_artists) }));
  }

  private async uniqueArtists(executor: Db | Tx): Promise<number> {
    const { rows } = await sql<{ n: number | string | null }>`select (${UNIQUE_ARTISTS}) as n`.execute(executor);
    return Number(rows[0]?.n ?? 0);
  }
}
