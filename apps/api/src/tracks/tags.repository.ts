import { Inject, Injectable } from '@nestjs/common';
import { slugify, type TagView, type TrackTagRef } from '@stardeck/contracts';
import type { Db, Platform, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { PLATFORM } from '../platform/platform.module';

export interface TagListRow extends TagView {
  unique_artists: number;
}

/** Usage per tag over listed tracks (public, not failed), from the tag_usage read model. */
const USAGE = sql`(
  select tag_id, count(*)::bigint as usage_count, count(distinct user_id)::bigint as unique_artists
  from tag_usage_tracks, unnest(tag_ids) as tag_id
  where public and not failed
  group by tag_id
)`;

/** Tag ids by case-insensitive name, and tag usage reads. No business rules. */
@Injectable()
export class TagsRepository {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.database.db;
  }

  /**
   * The tag of each name, registering new names. A concurrent registration of the same name waits
   * on the unique index and then gets the same id.
   */
  async ensure(tx: Tx, names: string[]): Promise<TrackTagRef[]> {
    const tags: TrackTagRef[] = [];
    for (const name of names) {
      const { rows } = await sql<TrackTagRef>`
        insert into tags (name, slug) values (${name}, ${slugify(name, 'tag')})
        on conflict ((lower(name))) do update set name = tags.name
        returning id, name, slug`.execute(tx);
      tags.push({ ...rows[0]!, id: Number(rows[0]!.id) });
    }
    return tags;
  }

  async forTracks(trackIds: number[]): Promise<Map<number, TagView[]>> {
    const byTrack = new Map<number, TagView[]>();
    if (trackIds.length === 0) return byTrack;
    const { rows } = await sql<{ track_id: number; id: number; name: string; slug: string; usage_count: number | null }>`
      select tt.track_id, t.id, t.name, t.slug, u.usage_count
      from track_tags tt join tags t on t.id = tt.tag_id left join ${USAGE} u on u.tag_id = t.id
      where tt.track_id in (${sql.join(trackIds)})
      order by tt.track_id, tt.position`.execute(this.db);
    for (const row of rows) {
      const list = byTrack.get(row.track_id) ?? [];
      list.push({ id: row.id, name: row.name, slug: row.slug, usage_count: Number(row.usage_count ?? 0) });
      byTrack.set(row.track_id, list);
    }
    return byTrack;
  }

  async list(options: { limit: number; offset: number; sort: 'usage_count' | 'name'; q?: string }): Promise<{ tags: TagListRow[]; uniqueArtists: number }> {
    const pattern = options.q ? `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const order = options.sort === 'name' ? sql`lower(t.name) asc` : sql`coalesce(u.usage_count, 0) desc, lower(t.name) asc`;
    // Without a search only tags in use are listed; a search also finds unused ones to reuse.
    const { rows } = await sql<TagListRow>`
      select t.id, t.name, t.slug, coalesce(u.usage_count, 0) as usage_count, coalesce(u.unique_artists, 0) as unique_artists
      from tags t left join ${USAGE} u on u.tag_id = t.id
      where ${pattern ? sql`lower(t.name) like ${pattern}` : sql`u.usage_count > 0`}
      order by ${order}
      limit ${options.limit} offset ${options.offset}`.execute(this.db);
    const artists = await this.db.selectFrom('tag_usage_tracks').select(sql<number>`count(distinct user_id)::bigint`.as('n'))
      .where('public', '=', true).where('failed', '=', false).where(sql<boolean>`cardinality(tag_ids) > 0`).executeTakeFirstOrThrow();
    return {
      tags: rows.map((r) => ({ ...r, id: Number(r.id), usage_count: Number(r.usage_count), unique_artists: Number(r.unique_artists) })),
      uniqueArtists: Number(artists.n),
    };
  }
}
