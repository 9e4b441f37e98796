import { Injectable } from '@nestjs/common';
import type { CollectionView } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { memberCards } from '../common/member-cards.repository';
import type { Viewer } from '../common/visibility';
import { ArtworkService } from '../tracks';
import { CollectionsRepository, type CollectionListRow } from './collections.repository';

/** Turns rows of the collections model into the spec §3 Collection, for one viewer: one query per list for owners, one for follows. */
@Injectable()
export class CollectionViewBuilder {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly artwork: ArtworkService,
  ) {}

  async build(executor: Db | Tx, rows: CollectionListRow[], viewer: Viewer): Promise<CollectionView[]> {
    const ids = rows.map((row) => row.id);
    const [owners, followed] = await Promise.all([
      memberCards(executor, rows.map((row) => row.user_id), (key, mimetype) => this.artwork.signedUrlOf(key, mimetype)),
      viewer ? this.collections.followedAmong(executor, viewer.id, ids) : Promise.resolve(new Set<number>()),
    ]);
    return Promise.all(rows.map(async (row) => {
      const owner = owners.get(row.user_id);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        user_id: row.user_id,
        username: owner?.username ?? '',
        display_name: owner?.display_name ?? null,
        user_avatar: owner?.avatar ?? null,
        created: new Date(row.created_at).toISOString(),
        updated: new Date(row.updated_at).toISOString(),
        artwork: row.artwork_key ? await this.artwork.signedUrlOf(row.artwork_key, row.artwork_mimetype) : null,
        visibility: row.visibility,
        slug: row.slug,
        track_count: Number(row.track_count),
        followers_count: row.followers_count,
        follower_count: row.followers_count,
        is_following: followed.has(row.id),
      };
    }));
  }
}
