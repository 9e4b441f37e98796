import { packWaveform, type TrackEvent, type TrackTagRef } from '@stardeck/contracts';
import type { Tx } from '@stardeck/infra';
import { defineProjection } from '../../kit/projection';

async function replaceTags(tx: Tx, trackId: number, tags: TrackTagRef[]): Promise<void> {
  await tx.deleteFrom('track_tags').where('track_id', '=', trackId).execute();
  if (tags.length === 0) return;
  // Tags are registered before the append; this keeps a replay on an empty registry whole.
  await tx.insertInto('tags').values(tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })))
    .onConflict((oc) => oc.column('id').doNothing()).execute();
  await tx.insertInto('track_tags').values(tags.map((t, position) => ({ track_id: trackId, tag_id: t.id, position }))).execute();
}

/**
 * Track streams into `tracks` and `track_tags`, inline: ownership, quota and visibility are
 * checked against them at write time. The `tags` registry is not emptied by a rebuild: it hands
 * out tag ids before the events that use them are appended.
 */
export const tracksProjection = defineProjection<TrackEvent['type']>({
  name: 'tracks',
  kind: 'inline',
  tables: ['tracks', 'track_tags'],
  handlers: {
    async TrackUploaded(event, tx) {
      const d = event.data;
      const at = event.recorded_at;
      await tx.insertInto('tracks').values({
        id: d.track_id, user_id: d.user_id, title: d.title, slug: d.slug, description: d.description,
        visibility: d.visibility, status: 'processing', failure_reason: null, filename: d.filename, mimetype: d.mimetype,
        extension: d.extension, filesize: d.filesize, source_key: d.source_key, lossless: d.lossless, renditions: null,
        duration: null, bitrate: null, peaks: null, list_peaks: null, peaks_key: null, artwork_key: d.artwork?.key ?? null,
        artwork_mimetype: d.artwork?.mimetype ?? null, parent_id: d.parent_id, created_at: at, updated_at: at,
        version: event.stream_version,
      }).execute();
      await replaceTags(tx, d.track_id, d.tags);
    },
    async TrackTranscoded(event, tx) {
      const d = event.data;
      // Packed once here, so list reads ship a short string and never parse the full waveform.
      const { peaks, list_peaks } = packWaveform(d.peaks);
      await tx.updateTable('tracks').set({
        status: 'ready', failure_reason: null, renditions: JSON.stringify(d.renditions), duration: d.duration,
        bitrate: d.bitrate, peaks, list_peaks, peaks_key: d.peaks_key, updated_at: event.recorded_at,
        version: event.stream_version,
      }).where('id', '=', d.track_id).execute();
      await tx.deleteFrom('transcode_progress').where('track_id', '=', d.track_id).execute();
    },
    async TrackTranscodeFailed(event, tx) {
      await tx.updateTable('tracks').set({ status: 'failed', failure_reason: event.data.reason, updated_at: event.recorded_at, version: event.stream_version })
        .where('id', '=', event.data.track_id).execute();
      await tx.deleteFrom('transcode_progress').where('track_id', '=', event.data.track_id).execute();
    },
    async TrackUpdated(event, tx) {
      const d = event.data;
      await tx.updateTable('tracks').set({
        title: d.title, slug: d.slug, description: d.description, visibility: d.visibility, updated_at: event.recorded_at,
        version: event.stream_version,
      }).where('id', '=', d.track_id).execute();
      await replaceTags(tx, d.track_id, d.tags);
    },
    async TrackArtworkChanged(event, tx) {
      await tx.updateTable('tracks').set({
        artwork_key: event.data.artwork.key, artwork_mimetype: event.data.artwork.mimetype, updated_at: event.recorded_at,
        version: event.stream_version,
      }).where('id', '=', event.data.track_id).execute();
    },
    async TrackArtworkRemoved(event, tx) {
      await tx.updateTable('tracks').set({ artwork_key: null, artwork_mimetype: null, updated_at: event.recorded_at, version: event.stream_version })
        .where('id', '=', event.data.track_id).execute();
    },
    async TrackDeleted(event, tx) {
      await tx.deleteFrom('transcode_progress').where('track_id', '=', event.data.track_id).execute();
      await tx.deleteFrom('tracks').where('id', '=', event.data.track_id).execute();
    },
  },
});
