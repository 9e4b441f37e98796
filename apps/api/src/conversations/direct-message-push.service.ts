import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { REALTIME_EVENTS, type DirectMessageCountPush, type DirectMessagePush } from '@stardeck/contracts';
import { DIRECT_MESSAGE_SIGNALS, type DirectMessageSignal } from '@stardeck/domain';
import type { BusSubscription, Db, Logger, SignalBus } from '@stardeck/infra';
import { unreadMessageCount } from '../common/unread-messages.repository';
import { InjectDatabase, InjectLogger, InjectSignals } from '../platform/tokens';
import { MemberChannel } from '../realtime';
import { ConversationsService } from './conversations.service';

function signalOf(payload: unknown): DirectMessageSignal | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { user_id, conversation_id, message_id } = payload as Record<string, unknown>;
  if (typeof user_id !== 'string' || typeof conversation_id !== 'string') return null;
  if (message_id !== null && !(typeof message_id === 'number' && Number.isSafeInteger(message_id))) return null;
  return { user_id, conversation_id, message_id };
}

/**
 * Tells a member's open tabs on this process when a direct message arrives for them (the
 * notification push outbox signals every API process): the message with its sender and the
 * member's unread count, read for that member exactly as their own GET would read them. A
 * conversation read elsewhere pushes the count alone.
 */
@Injectable()
export class DirectMessagePushService implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: BusSubscription | null = null;

  constructor(
    @InjectSignals() private readonly signals: SignalBus,
    @InjectLogger() private readonly logger: Logger,
    @InjectDatabase() private readonly db: Db,
    private readonly channel: MemberChannel,
    private readonly conversations: ConversationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.signals.subscribe(DIRECT_MESSAGE_SIGNALS, (payload) => {
      this.deliver(payload).catch((error) => this.logger.warn({ err: error }, 'direct message push failed'));
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  private async deliver(payload: unknown): Promise<void> {
    const signal = signalOf(payload);
    if (!signal || !this.channel.isOpenHere(signal.user_id)) return;
    const viewer = { id: signal.user_id };
    const [arrived, count] = await Promise.all([
      signal.message_id === null ? null : this.conversations.forPush(viewer, signal.conversation_id, signal.message_id),
      unreadMessageCount(this.db, signal.user_id),
    ]);
    if (arrived) {
      const push: DirectMessagePush = { ...arrived, unread_message_count: count };
      await this.channel.emit(signal.user_id, REALTIME_EVENTS.directMessage, push);
    } else {
      const push: DirectMessageCountPush = { unread_message_count: count };
      await this.channel.emit(signal.user_id, REALTIME_EVENTS.directMessageCount, push);
    }
  }
}
