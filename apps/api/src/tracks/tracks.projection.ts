import type { TrackEvent, TrackTagRef } from '@stardeck/contracts';
import type { StoredEvent, Tx } from '@stardeck/infra';

async function replaceTags(tx: Tx, trackId: number, tags: TrackTagRef[]): Promise<void> {
  await tx.deleteFrom('track_tags').where('track_id', '=', trackId).execute();
  if (tags.length === 0) return;
  // Tags are normally registered before the append; this keeps a replay on an empty table whole.
  await tx.insertInto('tags').values(tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })))
    .onConflict((oc) => oc.column('id').doNothing()).execute();
  await tx.insertInto('track_tags').values(tags.map((t, position) => ({ track_id: trackId, tag_id: t.id, position }))).execute();
}

/**
 * Inline projection of track streams into `tracks` and `track_tags`: ownership, quota and
 * visibility are checked against it at write time, so it commits with the events.
 */
export async function projectTracks(tx: Tx, stored: StoredEvent[]): Promise<void> {
  for (const row of stored) {
    const event = { type: row.type, data: row.data } as TrackEvent;
    const version = row.stream_version;
    const at = row.recorded_at;
    switch (event.type) {
      case 'TrackUploaded': {
        const d = event.data;
        await tx.insertInto('tracks').values({
          id: d.track_id, user_id: d.user_id, title: d.title, slug: d.slug, description: d.description,
          visibility: d.visibility, status: 'processing', failure_reason: null, filename: d.filename, mimetype: d.mimetype,
          extension: d.extension, filesize: d.filesize, source_key: d.source_key, lossless: d.lossless, renditions: null,
          duration: null, bitrate: null, peaks: null, peaks_key: null, artwork_key: d.artwork?.key ?? null,
          artwork_mimetype: d.artwork?.mimetype ?? null, parent_id: d.parent_id, created_at: at, updated_at: at, version,
        }).execute();
        await replaceTags(tx, d.track_id, d.tags);
        break;
      }
      case 'TrackTranscoded': {
        const d = event.data;
        await tx.updateTable('tracks').set({
          status: 'ready', failure_reason: null, renditions: JSON.stringify(d.renditions), duration: d.duration,
          bitrate: d.bitrate, peaks: JSON.stringify(d.peaks), peaks_key: d.peaks_key, updated_at: at, version,
        }).where('id', '=', d.track_id).execute();
        await tx.deleteFrom('transcode_progress').where('track_id', '=', d.track_id).execute();
        break;
      }
      case 'TrackTranscodeFailed':
        await tx.updateTable('tracks').set({ status: 'failed', failure_reason: event.data.reason, updated_at: at, version })
          .where('id', '=', event.data.track_id).execute();
        await tx.deleteFrom('transcode_progress').where('track_id', '=', event.data.track_id).execute();
        break;
      case 'TrackUpdated': {
        const d = event.data;
        await tx.updateTable('tracks').set({
          title: d.title, slug: d.slug, description: d.description, visibility: d.visibility, updated_at: at, version,
        }).where('id', '=', d.track_id).execute();
        await replaceTags(tx, d.track_id, d.tags);
        break;
      }
      case 'TrackArtworkChanged':
        await tx.updateTable('tracks').set({
          artwork_key: event.data.artwork.key, artwork_mimetype: event.data.artwork.mimetype, updated_at: at, version,
        }).where('id', '=', event.data.track_id).execute();
        break;
      case 'TrackArtworkRemoved':
        await tx.updateTable('tracks').set({ artwork_key: null, artwork_mimetype: null, updated_at: at, version })
          .where('id', '=', event.data.track_id).execute();
        break;
      case 'TrackDeleted':
        await tx.deleteFrom('transcode_progress').where('track_id', '=', event.data.track_id).execute();
        await tx.deleteFrom('tracks').where('id', '=', event.data.track_id).execute();
        break;
      default: {
        const unknown: never = event;
        throw new Error(`tracks projection cannot apply ${JSON.stringify(unknown)}`);
      }
    }
  }
}
