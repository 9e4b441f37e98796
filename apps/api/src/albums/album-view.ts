import { Injectable } from '@nestjs/common';
import type { AlbumView } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { memberCards } from '../common/member-cards.repository';
import { ArtworkService, TagsRepository } from '../tracks';
import type { AlbumListRow } from './albums.repository';

/** Turns rows of the albums model into AlbumViews: one query for the owners of a whole list, one for its tags' usage. */
@Injectable()
export class AlbumViewBuilder {
  constructor(
    private readonly artwork: ArtworkService,
    private readonly tags: TagsRepository,
  ) {}

  async build(executor: Db | Tx, rows: AlbumListRow[]): Promise<AlbumView[]> {
    const tagIds = [...new Set(rows.flatMap((row) => row.tags.map((tag) => Number(tag.id))))];
    const [owners, usage] = await Promise.all([
      memberCards(executor, rows.map((row) => row.user_id), (key, mimetype) => this.artwork.signedUrlOf(key, mimetype)),
      this.tags.usageOf(executor, tagIds),
    ]);
    return Promise.all(rows.map(async (row) => {
      const owner = owners.get(row.user_id);
      return {
        id: Number(row.id),
        title: row.title,
        slug: row.slug,
        description: row.description,
        release_date: row.release_date,
        user_id: row.user_id,
        username: owner?.username ?? '',
        display_name: owner?.display_name ?? null,
        user_avatar: owner?.avatar ?? null,
        artwork: row.artwork_key ? await this.artwork.signedUrlOf(row.artwork_key, row.artwork_mimetype) : null,
        visibility: row.visibility,
        tags: row.tags.map((tag) => ({ ...tag, id: Number(tag.id), usage_count: usage.get(Number(tag.id)) ?? 0 })),
        track_count: Number(row.track_count ?? 0),
        total_duration: Math.round(Number(row.total_duration ?? 0) * 1000) / 1000,
        created: new Date(row.created_at).toISOString(),
        updated: new Date(row.updated_at).toISOString(),
      };
    }));
  }
}
