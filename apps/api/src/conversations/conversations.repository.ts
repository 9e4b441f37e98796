import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { paginate, type Page, type PageRequest } from '../common/paginate';
import { conversationVisibility, type Viewer } from '../common/visibility';

export interface ConversationRow {
  conversation_id: string;
  other_user_id: string;
  unread_count: number;
  last_message_at: Date;
  other_username: string;
  other_slug: string;
  other_display_name: string | null;
  other_avatar_key: string | null;
  other_avatar_mimetype: string | null;
  last_message_id: number | null;
  last_sender_id: string | null;
  last_content: string | null;
  last_created_at: Date | null;
}

export interface DirectMessageRow {
  id: number;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: Date;
}

/** Reads of the conversations read model, each through the visibility module. No business rules. */
@Injectable()
export class ConversationsRepository {
  /** Taken after the conversation's lock, so ids grow in the order its messages commit. */
  async nextMessageId(tx: Tx): Promise<number> {
    const { rows } = await sql<{ id: number }>`select nextval('direct_message_id_seq') as id`.execute(tx);
    return Number(rows[0]!.id);
  }

  /** A verified member's id by username, in any case. */
  async memberId(executor: Db | Tx, username: string): Promise<string | undefined> {
    const row = await executor.selectFrom('users').select('id')
      .where(sql<string>`lower(users.username)`, '=', username.toLowerCase()).where('users.verified_at', 'is not', null).executeTakeFirst();
    return row?.id;
  }

  private rows(executor: Db | Tx, viewer: Viewer) {
    return executor.selectFrom('conversation_members')
      .innerJoin('conversations', 'conversations.id', 'conversation_members.conversation_id')
      .innerJoin('users as other', 'other.id', 'conversation_members.other_user_id')
      .leftJoin('profiles', 'profiles.user_id', 'conversation_members.other_user_id')
      .leftJoin('direct_messages as last', 'last.id', 'conversations.last_message_id')
      .select([
        'conversation_members.conversation_id', 'conversation_members.other_user_id', 'conversation_members.unread_count',
        'conversation_members.last_message_at', 'other.username as other_username', 'other.slug as other_slug',
        'profiles.display_name as other_display_name', 'profiles.avatar_key as other_avatar_key', 'profiles.avatar_mimetype as other_avatar_mimetype',
        'last.id as last_message_id', 'last.sender_id as last_sender_id', 'last.content as last_content', 'last.created_at as last_created_at',
      ])
      .where(conversationVisibility.listedTo(viewer));
  }

  /** The viewer's conversations, the one that moved last first. */
  async list(executor: Db | Tx, viewer: Viewer, page: PageRequest): Promise<Page<ConversationRow>> {
    return await paginate(this.rows(executor, viewer), page, (q) => q.orderBy('conversation_members.last_message_at', 'desc').orderBy('conversation_members.conversation_id')) as Page<ConversationRow>;
  }

  async find(executor: Db | Tx, id: string, viewer: Viewer): Promise<ConversationRow | undefined> {
    return await this.rows(executor, viewer).where('conversation_members.conversation_id', '=', id).executeTakeFirst() as ConversationRow | undefined;
  }

  /** One message of a conversation, if the viewer may read it. */
  async message(executor: Db | Tx, conversationId: string, messageId: number, viewer: Viewer): Promise<DirectMessageRow | undefined> {
    const row = await executor.selectFrom('direct_messages')
      .select(['direct_messages.id', 'direct_messages.conversation_id', 'direct_messages.sender_id', 'direct_messages.content', 'direct_messages.created_at'])
      .where('direct_messages.conversation_id', '=', conversationId).where('direct_messages.id', '=', messageId)
      .where(conversationVisibility.messagesVisibleTo(viewer))
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id) };
  }

  /** Newest first; with `sinceId`, only messages after it (a poll). */
  async messages(executor: Db | Tx, conversationId: string, viewer: Viewer, page: PageRequest & { sinceId?: number }): Promise<Page<DirectMessageRow>> {
    let query = executor.selectFrom('direct_messages')
      .select(['direct_messages.id', 'direct_messages.conversation_id', 'direct_messages.sender_id', 'direct_messages.content', 'direct_messages.created_at'])
      .where('direct_messages.conversation_id', '=', conversationId)
      .where(conversationVisibility.messagesVisibleTo(viewer));
    if (page.sinceId !== undefined) query = query.where('direct_messages.id', '>', page.sinceId);
    const result = await paginate(query, page, (q) => q.orderBy('direct_messages.id', 'desc'));
    return { ...result, items: result.items.map((row) => ({ ...row, id: Number(row.id) })) };
  }
}
