import { Injectable } from '@nestjs/common';
import { DISCOVER_SIZES, type DiscoverView } from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { CollectionReadsService } from '../collections';
import type { Viewer } from '../common/visibility';
import { InjectDatabase } from '../platform/tokens';
import { UserSummaryBuilder } from '../profiles';
import { TagsRepository, TracksService } from '../tracks';
import { DiscoverRepository } from './discover.repository';

/**
 * Spec §3 Discover payload, the same for visitors and members but for what concerns the viewer
 * (is_subscribed, in_library…). Only what is listed to everyone: public tracks that are ready, the
 * tags on them used more than once, public collections.
 */
@Injectable()
export class DiscoverService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly discover: DiscoverRepository,
    private readonly tracks: TracksService,
    private readonly tags: TagsRepository,
    private readonly collections: CollectionReadsService,
    private readonly summaries: UserSummaryBuilder,
  ) {}

  async view(user: AuthUser | null): Promise<DiscoverView> {
    const viewer: Viewer = user ? { id: user.id } : null;
    const [recent, { newestId, activeIds, ...counts }, tags, collection] = await Promise.all([
      // Explore's list, newest first: its total is the number of tracks listed to everyone.
      this.tracks.list({ limit: DISCOVER_SIZES.recentTracks, offset: 0, sort_key: 'created', sort_dir: 'desc' }, user),
      this.discover.members(this.db, DISCOVER_SIZES.activeUsers),
      this.tags.popular(this.db, DISCOVER_SIZES.tags, DISCOVER_SIZES.tagMinUsage),
      this.collections.latestPublic(user, DISCOVER_SIZES.collectionTracks),
    ]);
    const members = await this.summaries.forIds(this.db, [...(newestId ? [newestId] : []), ...activeIds], viewer, { discover: true });
    const byId = new Map(members.map((member) => [member.id, member]));
    return {
      recent_tracks: recent.tracks,
      newest_user: (newestId && byId.get(newestId)) || null,
      active_users: activeIds.flatMap((id) => byId.get(id) ?? []),
      tags: tags.map(({ id, name, slug, usage_count }) => ({ id, name, slug, usage_count })),
      recent_collection: collection,
      stats: { total_tracks: recent.total, total_users: counts.users, total_collections: counts.collections },
    };
  }
}
