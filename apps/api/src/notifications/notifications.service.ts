import { Injectable } from '@nestjs/common';
import { PAGE_SIZES, notificationStreamIds, type Me, type NotificationView, type NotificationsQueryDto } from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import { MeService, type AuthUser } from '../auth';
import { unreadNotificationCount } from '../common/unread-notifications.repository';
import { InjectDatabase } from '../platform/tokens';
import { NotificationCommands } from './notification-commands';
import { NotificationViewBuilder } from './notification-view';
import { NotificationsRepository } from './notifications.repository';

export interface NotificationPage {
  notifications: NotificationView[];
  total: number;
  has_more: boolean;
}

/** A member's notifications: reading them, dismissing one or all, and what a push tells an open tab. */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly notifications: NotificationsRepository,
    private readonly views: NotificationViewBuilder,
    private readonly commands: NotificationCommands,
    private readonly me: MeService,
  ) {}

  async list(user: AuthUser, query: NotificationsQueryDto): Promise<{ page: NotificationPage; me: Me }> {
    const page = await this.notifications.page(this.db, user.id, { limit: query.limit ?? PAGE_SIZES.notifications, offset: query.offset ?? 0 });
    // The page's own count is the member's unread count: `me` reads only their messages' count.
    const [notifications, me] = await Promise.all([this.views.build(this.db, page.items), this.me.withNotificationCount(user, page.counted)]);
    return { page: { notifications, total: page.total, has_more: page.has_more }, me };
  }

  /** Someone else's notification answers like a missing one. Returns `me` with the count after it. */
  dismiss(user: AuthUser, notificationId: string): Promise<Me> {
    return this.commands.transaction(async (tx) => {
      const found = await this.notifications.isUnread(tx, user.id, notificationId);
      await this.commands.runIn(tx, notificationStreamIds.notification(notificationId), {
        type: 'DismissNotification', user_id: user.id, notification_id: notificationId, found,
      });
      return this.me.toMe(user, tx);
    });
  }

  /** Dismisses every notification the member has now; one arriving later stays. */
  clearAll(user: AuthUser): Promise<Me> {
    return this.commands.transaction(async (tx) => {
      const through = await this.notifications.newestPosition(tx, user.id);
      await this.commands.runIn(tx, notificationStreamIds.member(user.id), { type: 'ClearNotifications', user_id: user.id, through_position: through });
      return this.me.toMe(user, tx);
    });
  }

  /** For a push to the member's open tabs: the notification as GET would show it (null once hidden or gone), and their count. */
  async forPush(memberId: string, notificationId: string | null): Promise<{ notification: NotificationView | null; count: number }> {
    const row = notificationId ? await this.notifications.find(this.db, memberId, notificationId) : undefined;
    const [notification] = row ? await this.views.build(this.db, [row]) : [];
    return { notification: notification ?? null, count: await unreadNotificationCount(this.db, memberId) };
  }
}
