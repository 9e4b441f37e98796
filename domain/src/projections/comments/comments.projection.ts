import type { CommentEvent } from '@stardeck/contracts';
import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { defineProjection } from '../../kit/projection';

async function addToTrackCount(tx: Tx, trackId: number, delta: number): Promise<void> {
  await tx.insertInto('track_comment_counts').values({ track_id: trackId, comment_count: Math.max(delta, 0) })
    .onConflict((oc) => oc.column('track_id').doUpdateSet({ comment_count: sql`greatest(track_comment_counts.comment_count + ${delta}, 0)` }))
    .execute();
}

/**
 * Comment streams into `comments`, with each thread's reply_count and each track's comment_count
 * (every comment and reply) kept alongside. Inline: a posted comment is in the next list read.
 * Deleting a thread's first comment removes its replies too.
 */
export const commentsProjection = defineProjection<CommentEvent['type']>({
  name: 'comments',
  kind: 'inline',
  tables: ['comments', 'track_comment_counts'],
  handlers: {
    async CommentPosted(event, tx) {
      const d = event.data;
      await tx.insertInto('comments').values({
        id: d.comment_id, track_id: d.track_id, author_id: d.author_id, parent_id: d.parent_id, text: d.text,
        track_timestamp: d.track_timestamp, created_at: event.recorded_at, updated_at: event.recorded_at, edited_at: null,
        version: event.stream_version,
      }).execute();
      if (d.parent_id !== null) {
        await tx.updateTable('comments').set({ reply_count: sql`reply_count + 1` }).where('id', '=', d.parent_id).execute();
      }
      await addToTrackCount(tx, d.track_id, 1);
    },
    async CommentEdited(event, tx) {
      const d = event.data;
      await tx.updateTable('comments').set({
        text: d.text, track_timestamp: d.track_timestamp, updated_at: event.recorded_at, edited_at: event.recorded_at, version: event.stream_version,
      }).where('id', '=', d.comment_id).execute();
    },
    async CommentDeleted(event, tx) {
      const d = event.data;
      const replies = await tx.deleteFrom('comments').where('parent_id', '=', d.comment_id).executeTakeFirst();
      const removed = await tx.deleteFrom('comments').where('id', '=', d.comment_id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return;
      if (d.parent_id !== null) {
        await tx.updateTable('comments').set({ reply_count: sql`greatest(reply_count - 1, 0)` }).where('id', '=', d.parent_id).execute();
      }
      await addToTrackCount(tx, d.track_id, -(1 + Number(replies.numDeletedRows)));
    },
  },
});
