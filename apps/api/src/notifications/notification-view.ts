import { Injectable } from '@nestjs/common';
import type { NotificationActorView, NotificationMetadata, NotificationView } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { memberCards } from '../common/member-cards.repository';
import { ImageService } from '../images';
import type { NotificationRow } from './notifications.repository';

/** Spec §3 Notification from rows of the notifications repository: one query for every actor's card. */
@Injectable()
export class NotificationViewBuilder {
  constructor(private readonly images: ImageService) {}

  async build(executor: Db | Tx, rows: readonly NotificationRow[]): Promise<NotificationView[]> {
    const cards = await memberCards(executor, rows.map((row) => row.actor_id), (key, mimetype) => this.images.urlOf(key, mimetype));
    return rows.flatMap((row) => {
      const card = cards.get(row.actor_id);
      if (!card) return [];
      const actor: NotificationActorView = { id: card.id, username: card.username, display_name: card.display_name, slug: card.slug, avatar: card.avatar };
      return [viewOf(row, actor)];
    });
  }
}

function viewOf(row: NotificationRow, actor: NotificationActorView): NotificationView {
  const track = row.track_id !== null && row.track_title !== null && row.track_slug !== null && row.track_username !== null
    ? { id: Number(row.track_id), title: row.track_title, slug: row.track_slug, username: row.track_username, display_name: row.track_display_name }
    : null;
  const collection = row.collection_id !== null && row.collection_name !== null && row.collection_slug !== null
    ? { id: Number(row.collection_id), name: row.collection_name, slug: row.collection_slug }
    : null;
  const album = row.album_id !== null && row.album_title !== null && row.album_slug !== null && row.album_username !== null
    ? { id: Number(row.album_id), title: row.album_title, slug: row.album_slug, username: row.album_username }
    : null;
  const comment = row.comment_id !== null && row.comment_text !== null && row.comment_track_id !== null
    ? { id: Number(row.comment_id), text: row.comment_text, track_id: Number(row.comment_track_id) }
    : null;
  const thread = row.thread_id !== null && row.thread_text !== null && row.thread_track_id !== null
    ? { id: Number(row.thread_id), text: row.thread_text, track_id: Number(row.thread_track_id) }
    : null;
  // What it is about, for clients that show the notification without the track (spec §3's fallback for replies).
  let metadata: NotificationMetadata = {};
  if (track) metadata = { resource_type: 'track', resource_id: track.id, resource_title: track.title, resource_username: track.username };
  else if (collection && row.collection_username) {
    metadata = { resource_type: 'collection', resource_id: collection.id, resource_title: collection.name, resource_username: row.collection_username };
  } else if (album) metadata = { resource_type: 'album', resource_id: album.id, resource_title: album.title, resource_username: album.username };
  return {
    id: row.id, action: row.action, created: new Date(row.created_at).toISOString(), actor, metadata, track, comment, comment_thread: thread, collection, album,
  };
}
