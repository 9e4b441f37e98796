import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DIRECT_MESSAGES, DM_MSG, conversationStreamIds, type ConversationMessagesQueryDto, type DirectMessagePush, type ConversationPage, type ConversationView,
  type ConversationsQueryDto, type DirectMessagePage, type DirectMessageView, type Me, type SendMessageDto,
} from '@stardeck/contracts';
import { conversationPair } from '@stardeck/domain';
import type { Clock, Db } from '@stardeck/infra';
import { MeService, type AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import type { Viewer } from '../common/visibility';
import { ImageService } from '../images';
import { InjectClock, InjectDatabase } from '../platform/tokens';
import { ConversationCommands } from './conversation-commands';
import { ConversationsRepository, type ConversationRow, type DirectMessageRow } from './conversations.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A pair of members has one conversation, whose id follows from the pair: two first messages sent
 * at once meet on one stream instead of starting two conversations.
 */
export function conversationIdOf(a: string, b: string): string {
  const [first, second] = conversationPair(a, b);
  const hex = createHash('sha256').update(`stardeck-conversation:${first}:${second}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A conversation id from the path; anything else names no conversation. */
export function conversationIdParam(raw: string): string {
  if (!UUID.test(raw)) throw ApiError.notFound(DM_MSG.conversationNotFound, DM_MSG.title);
  return raw.toLowerCase();
}

export function messageView(row: DirectMessageRow): DirectMessageView {
  return { id: Number(row.id), conversation_id: row.conversation_id, sender_id: row.sender_id, content: row.content, created: new Date(row.created_at).toISOString() };
}

/** Direct messages between two members: sent as events of their conversation, read from its read model. */
@Injectable()
export class ConversationsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectClock() private readonly clock: Clock,
    private readonly commands: ConversationCommands,
    private readonly conversations: ConversationsRepository,
    private readonly images: ImageService,
    private readonly me: MeService,
  ) {}

  async send(user: AuthUser, dto: SendMessageDto): Promise<{ conversation_id: string; message: DirectMessageView }> {
    const recipientId = await this.conversations.memberId(this.db, dto.recipient_username);
    if (!recipientId) throw ApiError.notFound(DM_MSG.userNotFound(dto.recipient_username), DM_MSG.title);
    const conversationId = conversationIdOf(user.id, recipientId);
    const streamId = conversationStreamIds.conversation(conversationId);
    const message = await this.commands.transaction(async (tx) => {
      await this.commands.lock(tx, streamId);
      const messageId = await this.conversations.nextMessageId(tx);
      const { events } = await this.commands.runIn(tx, streamId, {
        type: 'SendDirectMessage', conversation_id: conversationId, message_id: messageId, sender_id: user.id, recipient_id: recipientId,
        content: dto.content, now: this.clock.now(),
      });
      const sent = events.find((event) => event.type === 'DirectMessageSent')!;
      return { id: messageId, conversation_id: conversationId, sender_id: user.id, content: dto.content.trim(), created_at: sent.recorded_at };
    });
    return { conversation_id: conversationId, message: messageView(message) };
  }

  async list(user: AuthUser, query: ConversationsQueryDto): Promise<ConversationPage> {
    const page = await this.conversations.list(this.db, user, { limit: query.limit ?? DIRECT_MESSAGES.conversationsPage, offset: query.offset ?? 0 });
    return { conversations: await Promise.all(page.items.map((row) => this.view(row))), total: page.total, has_more: page.has_more };
  }

  /** Someone else's conversation answers exactly like a missing one. */
  async messages(user: AuthUser, conversationId: string, query: ConversationMessagesQueryDto): Promise<DirectMessagePage> {
    // Side by side: the messages are read through the visibility module too, so a conversation of
    // others yields none, and a poll costs one round trip instead of two.
    const [row, page] = await Promise.all([
      this.conversations.find(this.db, conversationId, user),
      this.conversations.messages(this.db, conversationId, user, {
        limit: query.limit ?? DIRECT_MESSAGES.messagesLoad, offset: query.offset ?? 0, sinceId: query.since_id,
      }),
    ]);
    if (!row) throw ApiError.notFound(DM_MSG.conversationNotFound, DM_MSG.title);
    return { conversation: await this.view(row), messages: page.items.map(messageView), total: page.total, has_more: page.has_more };
  }

  /**
   * One message as its recipient's open tabs get it live: read through the visibility module like
   * any of the viewer's reads, and only when someone else sent it. Null when it is not theirs to see.
   */
  async forPush(viewer: NonNullable<Viewer>, conversationId: string, messageId: number): Promise<Omit<DirectMessagePush, 'unread_message_count'> | null> {
    const [row, message] = await Promise.all([
      this.conversations.find(this.db, conversationId, viewer),
      this.conversations.message(this.db, conversationId, messageId, viewer),
    ]);
    if (!row || !message || message.sender_id === viewer.id) return null;
    const view = await this.view(row);
    return { message: messageView(message), sender: view.other_user };
  }

  /** Marks everything sent to the member read; answers with `me`. */
  markRead(user: AuthUser, conversationId: string): Promise<Me> {
    return this.commands.transaction(async (tx) => {
      await this.commands.runIn(tx, conversationStreamIds.conversation(conversationId), { type: 'MarkConversationRead', reader_id: user.id });
      return this.me.toMe(user, tx);
    });
  }

  private async view(row: ConversationRow): Promise<ConversationView> {
    return {
      id: row.conversation_id,
      other_user: {
        id: row.other_user_id, username: row.other_username, display_name: row.other_display_name, slug: row.other_slug,
        avatar: row.other_avatar_key ? await this.images.urlOf(row.other_avatar_key, row.other_avatar_mimetype) : null,
      },
      last_message: row.last_message_id === null
        ? null
        : messageView({ id: row.last_message_id, conversation_id: row.conversation_id, sender_id: row.last_sender_id!, content: row.last_content!, created_at: row.last_created_at! }),
      unread_count: Number(row.unread_count),
      updated: new Date(row.last_message_at).toISOString(),
    };
  }
}
