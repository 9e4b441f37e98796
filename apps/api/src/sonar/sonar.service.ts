import { Injectable } from '@nestjs/common';
import { SONAR, SONAR_MSG, SONAR_ROOM_ID, chatStreamIds, sonarSystemText, type SonarHistory, type SonarMessage } from '@stardeck/contracts';
import type { Clock, Db, EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import type { PageRequest } from '../common/paginate';
import { chatVisibility, trackVisibility, type Viewer } from '../common/visibility';
import { InjectClock, InjectDatabase, InjectEventStore } from '../platform/tokens';
import { SonarCommands } from './sonar-commands';
import { SonarRepository, type ChatMessageRow } from './sonar.repository';

/** Who acts in the room: the gateway and the HTTP API pass the same. */
export interface ChatActor {
  id: string;
  isAdmin: boolean;
}

export function messageView(row: ChatMessageRow): SonarMessage {
  const system = row.system_kind ? { kind: row.system_kind, userId: row.author_id, userName: row.author_name } : null;
  return {
    id: row.id,
    roomId: row.room_id,
    content: system ? sonarSystemText[system.kind](row.author_name) : row.content,
    replyToId: row.reply_to_id,
    userId: system ? null : row.author_id,
    userName: system ? 'system' : row.author_name,
    timestamp: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    isDeleted: row.deleted_at !== null,
    isSystem: system !== null,
    systemData: system,
    sharedTrackId: row.shared_track_id,
    sharedTrack: row.track_id === null ? null : {
      id: row.track_id, title: row.track_title ?? '', username: row.track_username ?? '', userName: row.track_user_name ?? '', durationSeconds: row.track_duration,
    },
  };
}

/** A room id from a path or a handshake; anything else names no room (404, like a missing message). */
export function roomIdOf(raw: unknown): string {
  if (typeof raw !== 'string' || !SONAR_ROOM_ID.test(raw)) throw ApiError.notFound(SONAR_MSG.invalidRoom, 'Chat');
  return raw;
}

/** Chat messages of Sonar's rooms: written as events through the decider, read from the room history. */
@Injectable()
export class SonarService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectClock() private readonly clock: Clock,
    private readonly commands: SonarCommands,
    private readonly messages: SonarRepository,
  ) {}

  async history(roomId: string, viewer: Viewer, page: Partial<PageRequest> = {}): Promise<SonarHistory> {
    this.openRoom(roomId, viewer);
    const result = await this.messages.history(this.db, roomId, viewer, { limit: page.limit ?? SONAR.historyPage, offset: page.offset ?? 0 });
    return { roomId, messages: result.items.map(messageView), total: result.total, hasMore: result.has_more };
  }

  async message(roomId: string, id: number, viewer: Viewer): Promise<SonarMessage> {
    this.openRoom(roomId, viewer);
    const row = await this.messages.find(this.db, roomId, id, viewer);
    if (!row) throw ApiError.notFound(SONAR_MSG.messageNotFound, 'Chat');
    return messageView(row);
  }

  /** The name a member shows in the room: their display name, else their username. */
  async memberName(memberId: string): Promise<string> {
    return this.messages.memberName(this.db, memberId);
  }

  async messageCount(roomId: string): Promise<number> {
    return this.messages.count(this.db, roomId);
  }

  async post(actor: ChatActor, roomId: string, content: unknown, replyToId: unknown, sharedTrackId: unknown = null): Promise<SonarMessage> {
    if (typeof content !== 'string') throw ApiError.badRequest('Chat', SONAR_MSG.contentRequired, { content: SONAR_MSG.contentRequired });
    const replyTo = await this.replyTarget(roomId, replyToId, actor);
    const shared = await this.sharedTrack(sharedTrackId, actor);
    const id = await this.commands.transaction(async (tx) => {
      const messageId = await this.messages.nextMessageId(tx);
      await this.commands.runIn(tx, chatStreamIds.message(messageId), {
        type: 'PostChatMessage', message_id: messageId, room_id: roomId, author_id: actor.id, content, reply_to_id: replyTo, shared_track_id: shared,
        now: this.clock.now(),
      }, { actor: actor.id });
      return messageId;
    });
    return this.message(roomId, id, actor);
  }

  async announce(memberId: string, roomId: string, kind: 'entered' | 'left'): Promise<SonarMessage> {
    const id = await this.commands.transaction(async (tx) => {
      const messageId = await this.messages.nextMessageId(tx);
      await this.commands.runIn(tx, chatStreamIds.message(messageId), {
        type: 'AnnounceChatPresence', message_id: messageId, room_id: roomId, member_id: memberId, kind,
      }, { actor: memberId });
      return messageId;
    });
    return this.message(roomId, id, { id: memberId });
  }

  /** The member's latest enter or leave notice in the room, if any. */
  async lastNotice(roomId: string, memberId: string): Promise<'entered' | 'left' | null> {
    return this.messages.lastNotice(this.db, roomId, memberId);
  }

  async edit(actor: ChatActor, roomId: string, messageId: unknown, content: unknown): Promise<SonarMessage> {
    const id = await this.ownMessageId(roomId, messageId, actor, SONAR_MSG.editFailed);
    if (typeof content !== 'string') throw ApiError.badRequest(SONAR_MSG.editFailed, SONAR_MSG.contentRequired, { content: SONAR_MSG.contentRequired });
    await this.commands.execute(chatStreamIds.message(id), { type: 'EditChatMessage', actor_id: actor.id, content, now: this.clock.now() }, { actor: actor.id });
    return this.message(roomId, id, actor);
  }

  async delete(actor: ChatActor, roomId: string, messageId: unknown): Promise<SonarMessage> {
    const id = await this.ownMessageId(roomId, messageId, actor, SONAR_MSG.deleteFailed);
    await this.commands.execute(chatStreamIds.message(id), { type: 'DeleteChatMessage', actor_id: actor.id, actor_is_admin: actor.isAdmin }, { actor: actor.id });
    return this.message(roomId, id, actor);
  }

  private openRoom(roomId: string, viewer: Viewer): void {
    if (!chatVisibility.canView({ room_id: roomId }, viewer)) throw ApiError.notFound(SONAR_MSG.invalidRoom, 'Chat');
  }

  /** A message of this room, by a positive id; another room's message answers as a missing one. */
  private async ownMessageId(roomId: string, raw: unknown, viewer: Viewer, title: string): Promise<number> {
    if (raw === undefined || raw === null || raw === '') throw ApiError.badRequest(title, SONAR_MSG.noMessageId);
    const id = typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
    const row = id ? await this.messages.find(this.db, roomId, id, viewer) : undefined;
    if (!row) throw ApiError.notFound(SONAR_MSG.messageNotFound, title);
    return id;
  }

  /**
   * A track shared into the room (listen along): one the member may open, and listed to everyone,
   * since everyone in the room will see its card. Someone else's private track answers as a missing one.
   */
  private async sharedTrack(raw: unknown, actor: ChatActor): Promise<number | null> {
    if (raw === undefined || raw === null) return null;
    const id = typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
    const track = id ? await this.messages.shareableTrack(this.db, id) : undefined;
    if (!track || !trackVisibility.canView(track, actor)) throw ApiError.notFound(SONAR_MSG.trackNotFound, 'Chat');
    if (!trackVisibility.canList(track, null)) throw ApiError.badRequest('Chat', SONAR_MSG.shareNotPublic);
    return id;
  }

  private async replyTarget(roomId: string, raw: unknown, viewer: Viewer): Promise<number | null> {
    if (raw === undefined || raw === null) return null;
    const id = typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
    const row = id ? await this.messages.find(this.db, roomId, id, viewer) : undefined;
    if (!row) throw ApiError.badRequest('Chat', SONAR_MSG.replyNotFound);
    return id;
  }
}
