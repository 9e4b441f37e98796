import type { CommentView } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { memberCards, type ImageUrl } from '../common/member-cards.repository';
import type { CommentRow } from './comments.repository';

/** The spec §3 Comment, with its author's name and avatar: one query for a whole list. */
export async function commentViews(executor: Db | Tx, rows: CommentRow[], imageUrl: ImageUrl): Promise<CommentView[]> {
  const authors = await memberCards(executor, rows.map((row) => row.author_id), imageUrl);
  return rows.map((row) => {
    const author = authors.get(row.author_id);
    return {
      id: row.id,
      text: row.text,
      track_id: row.track_id,
      parent_id: row.parent_id,
      user_id: row.author_id,
      username: author?.username ?? '',
      display_name: author?.display_name ?? null,
      avatar: author?.avatar ?? null,
      track_timestamp: row.track_timestamp,
      reply_count: row.reply_count,
      created: new Date(row.created_at).toISOString(),
      updated: new Date(row.updated_at).toISOString(),
      edited: row.edited_at !== null,
    };
  });
}
