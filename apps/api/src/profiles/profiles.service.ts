import { Injectable } from '@nestjs/common';
import {
  inviteLimitOf,
  MAX_AUDIO_BYTES, PAGE_SIZES, TRACK_MSG, userConfigOf, type ListUsersQueryDto, type ProfileLink, type UserProfile, type UserSummary,
} from '@stardeck/contracts';
import type { Db, StardeckConfig } from '@stardeck/infra';
import { tierOf, type AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { ImageService } from '../images';
import { InjectConfig, InjectDatabase } from '../platform/tokens';
import { TracksRepository } from '../tracks';
import { MembersRepository } from './members.repository';
import { UserSummaryBuilder } from './user-summaries';

const MB = 1024 * 1024;

export interface UserPage {
  users: UserSummary[];
  total: number;
  has_more: boolean;
}

/** Reading profiles (spec §3 User profile) and listing members. */
@Injectable()
export class ProfilesService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectConfig() private readonly config: StardeckConfig,
    private readonly members: MembersRepository,
    private readonly tracks: TracksRepository,
    private readonly summaries: UserSummaryBuilder,
    private readonly images: ImageService,
  ) {}

  /**
   * A member's profile as `viewer` sees it. Stats and storage are the member's own business: others
   * see them only when the member's settings show them (show_profile_stats, show_storage_usage).
   */
  async get(username: string, viewer: AuthUser): Promise<UserProfile> {
    const row = await this.members.findProfile(this.db, username, viewer);
    if (!row) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    const own = row.id === viewer.id;
    const config = userConfigOf(row.config);
    const showStats = own || config.show_profile_stats;
    const showStorage = own || config.show_storage_usage;
    const tier = tierOf(row);
    const [storageUsed, avatar, banner] = await Promise.all([
      showStorage ? this.tracks.storageUsed(this.db, row.id) : null,
      row.avatar_key ? this.images.urlOf(row.avatar_key, row.avatar_mimetype) : null,
      row.banner_key ? this.images.urlOf(row.banner_key, row.banner_mimetype) : null,
    ]);
    return {
      id: row.id,
      username: row.username,
      slug: row.slug,
      avatar,
      banner,
      bio: row.bio,
      display_name: row.display_name,
      created: new Date(row.created_at).toISOString(),
      links: row.links as ProfileLink[],
      pinned_track_id: row.pinned_track_id ?? null,
      stats: showStats
        ? {
            audio_count: Number(row.audio_count),
            library_count: Number(row.library_count),
            comments_count: Number(row.comments_count),
            subscriber_count: Number(row.subscriber_count),
            subscription_count: Number(row.subscription_count),
          }
        : null,
      is_subscribed: !own && Boolean(row.is_subscribed),
      storage_used: storageUsed,
      limits: showStorage ? { track: MAX_AUDIO_BYTES, invite: inviteLimitOf(row, this.config.adminInviteLimit), storage: tier.storageMb * MB } : null,
      has_conversation: !own && Boolean(row.has_conversation),
    };
  }

  /** Explore members: search, sort, only those with tracks. */
  async list(query: ListUsersQueryDto, viewer: AuthUser): Promise<UserPage> {
    const page = await this.members.list(this.db, {
      limit: query.limit ?? PAGE_SIZES.users, offset: query.offset ?? 0, sortKey: query.sort_key ?? 'signup', sortDir: query.sort_dir ?? 'desc',
      search: query.search || undefined, hasTracks: query.has_tracks === true, viewer,
    });
    const users = await this.summaries.forIds(this.db, page.items.map((item) => item.id), viewer, { discover: true });
    return { users, total: page.total, has_more: page.has_more };
  }
}
