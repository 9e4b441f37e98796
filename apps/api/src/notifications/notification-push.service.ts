import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { REALTIME_EVENTS, type NotificationCountPush, type NotificationPush } from '@stardeck/contracts';
import { NOTIFICATION_SIGNALS, type NotificationSignal } from '@stardeck/domain';
import type { BusSubscription, Logger, SignalBus } from '@stardeck/infra';
import { InjectLogger, InjectSignals } from '../platform/tokens';
import { MemberChannel } from '../realtime';
import { NotificationsService } from './notifications.service';

function signalOf(payload: unknown): NotificationSignal | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { user_id, notification_id } = payload as Record<string, unknown>;
  if (typeof user_id !== 'string' || (notification_id !== null && typeof notification_id !== 'string')) return null;
  return { user_id, notification_id };
}

/**
 * Tells a member's open tabs on this process when their notifications change (the push outbox
 * signals every API process). A new one is pushed whole, with the unread count: the tab shows it
 * without a round trip, and it is read for that member exactly as GET /v1/notifications reads it,
 * so a push never carries more than the list would (nothing at all once it is hidden or gone).
 * Any other change pushes the count alone.
 */
@Injectable()
export class NotificationPushService implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: BusSubscription | null = null;

  constructor(
    @InjectSignals() private readonly signals: SignalBus,
    @InjectLogger() private readonly logger: Logger,
    private readonly channel: MemberChannel,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.signals.subscribe(NOTIFICATION_SIGNALS, (payload) => {
      this.deliver(payload).catch((error) => this.logger.warn({ err: error }, 'notification push failed'));
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  private async deliver(payload: unknown): Promise<void> {
    const signal = signalOf(payload);
    if (!signal || !this.channel.isOpenHere(signal.user_id)) return;
    const { notification, count } = await this.notifications.forPush(signal.user_id, signal.notification_id);
    if (notification) {
      const push: NotificationPush = { notification, notification_count: count };
      await this.channel.emit(signal.user_id, REALTIME_EVENTS.notification, push);
    } else {
      const push: NotificationCountPush = { notification_count: count };
      await this.channel.emit(signal.user_id, REALTIME_EVENTS.notificationCount, push);
    }
  }
}
