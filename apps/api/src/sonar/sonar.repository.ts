import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { chatVisibility, trackVisibility, type Viewer } from '../common/visibility';
import { paginate, type Page, type PageRequest } from '../common/paginate';

export interface ChatMessageRow {
  id: number;
  room_id: string;
  author_id: string;
  author_name: string;
  content: string;
  reply_to_id: number | null;
  system_kind: 'entered' | 'left' | null;
  created_at: Date;
  edited_at: Date | null;
  deleted_at: Date | null;
  shared_track_id: number | null;
  /** The shared track's card, read now: null unless it is still listed to everyone. */
  track_id: number | null;
  track_title: string | null;
  track_username: string | null;
  track_user_name: string | null;
  track_duration: number | null;
}

/** What deciding whether a track may be shared needs. */
export interface ShareableTrackRow {
  id: number;
  user_id: string;
  visibility: 'public' | 'unlisted' | 'private';
  status: 'processing' | 'ready' | 'failed';
}

/** Reads of the room history read model, with each author's name as shown now. */
@Injectable()
export class SonarRepository {
  async nextMessageId(tx: Tx): Promise<number> {
    const { rows } = await sql<{ id: number }>`select nextval('chat_message_id_seq') as id`.execute(tx);
    return Number(rows[0]!.id);
  }

  /**
   * A shared track's card is read with the message; the room is a list everyone in it reads, so the
   * card shows only while the track is listed to everyone (public and ready).
   */
  private rows(executor: Db | Tx, viewer: Viewer) {
    return executor.selectFrom('chat_messages')
      .innerJoin('users', 'users.id', 'chat_messages.author_id')
      .leftJoin('profiles', 'profiles.user_id', 'chat_messages.author_id')
      .leftJoin('tracks', (join) => join.onRef('tracks.id', '=', 'chat_messages.shared_track_id').on(trackVisibility.listedToEveryone()))
      .leftJoin('users as track_owner', 'track_owner.id', 'tracks.user_id')
      .leftJoin('profiles as track_owner_profile', 'track_owner_profile.user_id', 'tracks.user_id')
      .select([
        'chat_messages.id', 'chat_messages.room_id', 'chat_messages.author_id', 'chat_messages.content', 'chat_messages.reply_to_id',
        'chat_messages.system_kind', 'chat_messages.created_at', 'chat_messages.edited_at', 'chat_messages.deleted_at', 'chat_messages.shared_track_id',
        sql<string>`coalesce(nullif(profiles.display_name, ''), users.username)`.as('author_name'),
        'tracks.id as track_id', 'tracks.title as track_title', 'tracks.duration as track_duration', 'track_owner.username as track_username',
        sql<string | null>`coalesce(nullif(track_owner_profile.display_name, ''), track_owner.username)`.as('track_user_name'),
      ])
      .where(chatVisibility.visibleTo(viewer));
  }

  /** The room's newest messages, a page back from the newest; the page itself oldest first, as a chat reads. */
  async history(executor: Db | Tx, roomId: string, viewer: Viewer, page: PageRequest): Promise<Page<ChatMessageRow>> {
    const result = await paginate(this.rows(executor, viewer).where('chat_messages.room_id', '=', roomId), page, (q) => q.orderBy('chat_messages.id', 'desc'));
    return { ...result, items: (result.items as ChatMessageRow[]).reverse() };
  }

  async find(executor: Db | Tx, roomId: string, id: number, viewer: Viewer): Promise<ChatMessageRow | undefined> {
    return await this.rows(executor, viewer).where('chat_messages.room_id', '=', roomId).where('chat_messages.id', '=', id).executeTakeFirst() as ChatMessageRow | undefined;
  }

  async shareableTrack(executor: Db | Tx, id: number): Promise<ShareableTrackRow | undefined> {
    return await executor.selectFrom('tracks').select(['id', 'user_id', 'visibility', 'status']).where('id', '=', id).executeTakeFirst() as ShareableTrackRow | undefined;
  }

  async memberName(executor: Db | Tx, memberId: string): Promise<string> {
    const row = await executor.selectFrom('users').leftJoin('profiles', 'profiles.user_id', 'users.id')
      .select(sql<string>`coalesce(nullif(profiles.display_name, ''), users.username)`.as('name')).where('users.id', '=', memberId).executeTakeFirst();
    return row?.name ?? 'member';
  }

  /** Newest first along the room's index: a member's latest notice is near the top while they are in the room. */
  async lastNotice(executor: Db | Tx, roomId: string, memberId: string): Promise<'entered' | 'left' | null> {
    const row = await executor.selectFrom('chat_messages').select('system_kind')
      .where('room_id', '=', roomId).where('author_id', '=', memberId).where('system_kind', 'is not', null)
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row?.system_kind ?? null;
  }

  async count(executor: Db | Tx, roomId: string): Promise<number> {
    const row = await executor.selectFrom('chat_messages').select(sql<number>`count(*)::bigint`.as('n')).where('room_id', '=', roomId).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
