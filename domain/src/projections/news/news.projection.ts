import type { NewsEvent } from '@stardeck/contracts';
import { defineProjection } from '../../kit/projection';

/**
 * News posts as members and admins read them. Inline, so the admin's list shows a saved post at
 * once and a refresh of the latest news right after publishing finds it. A deleted post is gone.
 */
export const newsProjection = defineProjection<NewsEvent['type']>({
  name: 'news',
  kind: 'inline',
  tables: ['news_posts'],
  handlers: {
    async NewsPostCreated(event, tx) {
      const d = event.data;
      await tx.insertInto('news_posts').values({
        id: d.post_id, author_id: d.author_id, title: d.title, content: d.content, status: d.status, visibility: d.visibility,
        created_at: event.recorded_at, updated_at: event.recorded_at, published_at: d.published_at, version: event.stream_version,
      }).execute();
    },
    async NewsPostUpdated(event, tx) {
      const d = event.data;
      await tx.updateTable('news_posts').set({
        title: d.title, content: d.content, status: d.status, visibility: d.visibility, published_at: d.published_at,
        updated_at: event.recorded_at, version: event.stream_version,
      }).where('id', '=', d.post_id).execute();
    },
    async NewsPostDeleted(event, tx) {
      await tx.deleteFrom('news_posts').where('id', '=', event.data.post_id).execute();
    },
  },
});
