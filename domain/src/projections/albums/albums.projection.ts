import type { AlbumEvent, TrackTagRef } from '@stardeck/contracts';
import type { Tx } from '@stardeck/infra';
import { defineProjection } from '../../kit/projection';

async function placeTracks(tx: Tx, albumId: number, trackIds: readonly number[]): Promise<void> {
  await tx.deleteFrom('album_tracks').where('album_id', '=', albumId).execute();
  if (trackIds.length === 0) return;
  await tx.insertInto('album_tracks').values(trackIds.map((track_id, i) => ({ album_id: albumId, track_id, track_number: i + 1 }))).execute();
}

async function placeTags(tx: Tx, albumId: number, tags: readonly TrackTagRef[]): Promise<void> {
  await tx.deleteFrom('album_tags').where('album_id', '=', albumId).execute();
  if (tags.length === 0) return;
  await tx.insertInto('album_tags').values(tags.map((tag, i) => ({ album_id: albumId, tag_id: tag.id, position: i }))).execute();
}

/**
 * Album streams into `albums`, with their ordered tracks in `album_tracks` and their tags in
 * `album_tags`. Inline: the owner's edits show at once, and the count of a member's albums that
 * the ceiling reads is current in the creating transaction. An arrangement replaces the whole
 * list, numbered from 1 in the order given.
 */
export const albumsProjection = defineProjection<AlbumEvent['type']>({
  name: 'albums',
  kind: 'inline',
  // Rows that refer to an album come first, so a reset empties them before their albums.
  tables: ['album_tracks', 'album_tags', 'albums'],
  handlers: {
    async AlbumCreated(event, tx) {
      const d = event.data;
      await tx.insertInto('albums').values({
        id: d.album_id, user_id: d.user_id, title: d.title, slug: d.slug, description: d.description, release_date: d.release_date,
        visibility: d.visibility, artwork_key: d.artwork?.key ?? null, artwork_mimetype: d.artwork?.mimetype ?? null,
        created_at: event.recorded_at, updated_at: event.recorded_at, version: event.stream_version,
      }).execute();
      await placeTracks(tx, d.album_id, d.track_ids);
      await placeTags(tx, d.album_id, d.tags);
    },
    async AlbumEdited(event, tx) {
      const d = event.data;
      await tx.updateTable('albums').set({
        title: d.title, slug: d.slug, description: d.description, release_date: d.release_date, visibility: d.visibility,
        artwork_key: d.artwork?.key ?? null, artwork_mimetype: d.artwork?.mimetype ?? null, updated_at: event.recorded_at, version: event.stream_version,
      }).where('id', '=', d.album_id).execute();
      await placeTags(tx, d.album_id, d.tags);
    },
    async AlbumTracksArranged(event, tx) {
      const d = event.data;
      await placeTracks(tx, d.album_id, d.track_ids);
      await tx.updateTable('albums').set({ updated_at: event.recorded_at, version: event.stream_version }).where('id', '=', d.album_id).execute();
    },
    async AlbumDeleted(event, tx) {
      const id = event.data.album_id;
      await tx.deleteFrom('album_tracks').where('album_id', '=', id).execute();
      await tx.deleteFrom('album_tags').where('album_id', '=', id).execute();
      await tx.deleteFrom('albums').where('id', '=', id).execute();
    },
  },
});
