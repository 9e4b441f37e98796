import { Injectable } from '@nestjs/common';
import { configForTier, inviteLimitOf, tierOfAccount, userConfigOf, type Me, type TierDefinition } from '@stardeck/contracts';
import type { Db, StardeckConfig, Tx } from '@stardeck/infra';
import { unreadMessageCount } from '../common/unread-messages.repository';
import { unreadNotificationCount } from '../common/unread-notifications.repository';
import { InjectConfig, InjectDatabase } from '../platform/tokens';
import type { UserRow } from './accounts.repository';

/** The tier that applies to a user: the admin role always gets the admin tier. */
export function tierOf(user: Pick<UserRow, 'role' | 'tier'>): TierDefinition {
  return tierOfAccount(user);
}

/** What waits for a member: unread notifications and direct messages. */
export interface UnreadCounts {
  notifications: number;
  messages: number;
}

/**
 * The spec §3 Me object of an account, with what waits for it; `adminInviteLimit` is the site's
 * cap on an admin's own invites (null: none).
 */
export function meOf(user: UserRow, unread: UnreadCounts, adminInviteLimit: number | null = null): Me {
  const tier = tierOf(user);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    display_name: user.display_name,
    slug: user.slug,
    tier: { slug: tier.slug, features: { infinite_mode: tier.features.infinite_mode } },
    // Saved settings over the defaults, with the quality the tier allows today (a lapsed tier falls back).
    config: configForTier(userConfigOf(user.config), tier),
    notification_count: unread.notifications,
    unread_message_count: unread.messages,
    limits: { invite: inviteLimitOf(user, adminInviteLimit) },
  };
}

/** The body field `me` of login, sync and every answer that changes what it shows. */
@Injectable()
export class MeService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectConfig() private readonly config: StardeckConfig,
  ) {}

  /** Read outside any transaction, for answers whose write has committed (or that wrote nothing). */
  current(user: UserRow): Promise<Me> {
    return this.toMe(user, this.db);
  }

  /** For a read that has just counted the member's notifications itself: only the messages are read. */
  async withNotificationCount(user: UserRow, notifications: number): Promise<Me> {
    return meOf(user, { notifications, messages: await unreadMessageCount(this.db, user.id) }, this.config.adminInviteLimit);
  }

  /** `executor`: the transaction of a write whose effect the counts must include. */
  async toMe(user: UserRow, executor: Db | Tx): Promise<Me> {
    const [notifications, messages] = await Promise.all([unreadNotificationCount(executor, user.id), unreadMessageCount(executor, user.id)]);
    return meOf(user, { notifications, messages }, this.config.adminInviteLimit);
  }
}
