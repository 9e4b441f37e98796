import type { CollectionEvent, CollectionFollowEvent } from '@stardeck/contracts';
import { sql } from 'kysely';
import { defineProjection } from '../../kit/projection';

/**
 * Collection streams into `collections` and `collection_tracks`, and follows into
 * `collection_follows` with the count kept on the collection (never below 0). Inline: the owner's
 * edits and a member's follow show at once. Tracks keep the order they were added in (the adding
 * event's log position), the same after a rebuild.
 */
export const collectionsProjection = defineProjection<CollectionEvent['type'] | CollectionFollowEvent['type']>({
  name: 'collections',
  kind: 'inline',
  // Rows that refer to a collection come first, so a reset empties them before their collections.
  tables: ['collection_follows', 'collection_tracks', 'collections'],
  handlers: {
    async CollectionCreated(event, tx) {
      const d = event.data;
      await tx.insertInto('collections').values({
        id: d.collection_id, user_id: d.user_id, name: d.name, slug: d.slug, description: d.description, visibility: d.visibility,
        artwork_key: d.artwork?.key ?? null, artwork_mimetype: d.artwork?.mimetype ?? null,
        created_at: event.recorded_at, updated_at: event.recorded_at, version: event.stream_version,
      }).execute();
    },
    async CollectionUpdated(event, tx) {
      const d = event.data;
      await tx.updateTable('collections').set({
        name: d.name, slug: d.slug, description: d.description, visibility: d.visibility, artwork_key: d.artwork?.key ?? null,
        artwork_mimetype: d.artwork?.mimetype ?? null, updated_at: event.recorded_at, version: event.stream_version,
      }).where('id', '=', d.collection_id).execute();
    },
    async CollectionDeleted(event, tx) {
      const id = event.data.collection_id;
      await tx.deleteFrom('collection_follows').where('collection_id', '=', id).execute();
      await tx.deleteFrom('collection_tracks').where('collection_id', '=', id).execute();
      await tx.deleteFrom('collections').where('id', '=', id).execute();
    },
    async CollectionTrackAdded(event, tx) {
      const d = event.data;
      await tx.insertInto('collection_tracks').values({
        collection_id: d.collection_id, track_id: d.track_id, position: event.global_position, added_at: event.recorded_at,
      }).execute();
      await tx.updateTable('collections').set({ updated_at: event.recorded_at, version: event.stream_version }).where('id', '=', d.collection_id).execute();
    },
    async CollectionTrackRemoved(event, tx) {
      const d = event.data;
      await tx.deleteFrom('collection_tracks').where('collection_id', '=', d.collection_id).where('track_id', '=', d.track_id).execute();
      await tx.updateTable('collections').set({ updated_at: event.recorded_at, version: event.stream_version }).where('id', '=', d.collection_id).execute();
    },
    async CollectionFollowed(event, tx) {
      const d = event.data;
      await tx.insertInto('collection_follows').values({ collection_id: d.collection_id, user_id: d.user_id, followed_at: event.recorded_at }).execute();
      await tx.updateTable('collections').set({ followers_count: sql`followers_count + 1` }).where('id', '=', d.collection_id).execute();
    },
    async CollectionUnfollowed(event, tx) {
      const d = event.data;
      const removed = await tx.deleteFrom('collection_follows').where('collection_id', '=', d.collection_id).where('user_id', '=', d.user_id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return;
      await tx.updateTable('collections').set({ followers_count: sql`greatest(followers_count - 1, 0)` }).where('id', '=', d.collection_id).execute();
    },
  },
});
