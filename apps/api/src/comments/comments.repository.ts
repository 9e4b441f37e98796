import { Injectable } from '@nestjs/common';
import type { CommentsTable, Db, Tx } from '@stardeck/infra';
import { sql, type Selectable } from 'kysely';
import { paginate, type Page, type PageRequest } from '../common/paginate';
import { commentVisibility, type Viewer } from '../common/visibility';

export type CommentRow = Selectable<CommentsTable>;

/** Reads of the comments read model. No business rules beyond the visibility module's. */
@Injectable()
export class CommentsRepository {
  async nextCommentId(tx: Tx): Promise<number> {
    const { rows } = await sql<{ id: number }>`select nextval('comment_id_seq') as id`.execute(tx);
    return Number(rows[0]!.id);
  }

  findRow(executor: Db | Tx, id: number): Promise<CommentRow | undefined> {
    return executor.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A track's threads in waveform order: by timestamp, then as they were posted. */
  threads(executor: Db | Tx, trackId: number, viewer: Viewer, page: PageRequest): Promise<Page<CommentRow>> {
    const query = executor.selectFrom('comments').selectAll()
      .where('track_id', '=', trackId).where('parent_id', 'is', null).where(commentVisibility.visibleTo(viewer));
    return paginate(query, page, (q) => q.orderBy('track_timestamp').orderBy('created_at').orderBy('id'));
  }

  /**
   * A member's comments and replies, newest first: all the tracks they may open for the member
   * themselves, only the listed ones for anyone else (a list must not reveal an unlisted track).
   */
  byAuthor(executor: Db | Tx, authorId: string, viewer: Viewer, page: PageRequest): Promise<Page<CommentRow>> {
    const own = viewer?.id === authorId;
    const query = executor.selectFrom('comments').selectAll()
      .where('author_id', '=', authorId).where(own ? commentVisibility.visibleTo(viewer) : commentVisibility.listedTo(viewer));
    return paginate(query, page, (q) => q.orderBy('created_at', 'desc').orderBy('id', 'desc'));
  }

  /** The title and owner of each track, for links to them. */
  async trackLabels(executor: Db | Tx, trackIds: number[]): Promise<Map<number, { id: number; title: string; username: string }>> {
    if (trackIds.length === 0) return new Map();
    const rows = await executor.selectFrom('tracks').innerJoin('users', 'users.id', 'tracks.user_id')
      .select(['tracks.id', 'tracks.title', 'users.username']).where('tracks.id', 'in', [...new Set(trackIds)]).execute();
    return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), title: row.title, username: row.username }]));
  }

  /** A thread's replies, oldest first. */
  replies(executor: Db | Tx, parentId: number, viewer: Viewer, page: PageRequest): Promise<Page<CommentRow>> {
    const query = executor.selectFrom('comments').selectAll().where('parent_id', '=', parentId).where(commentVisibility.visibleTo(viewer));
    return paginate(query, page, (q) => q.orderBy('created_at').orderBy('id'));
  }
}
