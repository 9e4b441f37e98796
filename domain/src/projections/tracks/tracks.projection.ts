import { packWaveform, type TrackEvent, type TrackTagRef } from '@stardeck/contracts';
import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { deleteWhereIn, insertRows, updateRows } from '../../kit/batch-writes';
import { defineProjection, type AnyProjectedEvent } from '../../kit/projection';
import { trackCounts } from './track-counts';

const TRACK_COLUMNS = [
  'id', 'user_id', 'title', 'slug', 'description', 'visibility', 'status', 'failure_reason', 'filename', 'mimetype', 'extension', 'filesize',
  'source_key', 'lossless', 'renditions', 'duration', 'bitrate', 'list_peaks', 'peaks_key', 'artwork_key', 'artwork_mimetype',
  'video', 'parent_id', 'created_at', 'updated_at', 'version',
];

/** What a batch does to one track: delete the stored row first, insert a new one, or set some columns; its tags; its progress row. */
interface TrackChange {
  deleteStored: boolean;
  insert: Record<string, unknown> | null;
  patch: Record<string, unknown>;
  tags: TrackTagRef[] | null;
  clearProgress: boolean;
}

/** The columns each event sets, as the single handlers below set them (renditions as a JSON value, not text). */
function fieldsOf(event: AnyProjectedEvent<TrackEvent['type']>): Record<string, unknown> {
  const at = { updated_at: event.recorded_at, version: event.stream_version };
  switch (event.type) {
    case 'TrackTranscoded': {
      const d = event.data;
      return { status: 'ready', failure_reason: null, renditions: d.renditions, duration: d.duration, bitrate: d.bitrate, list_peaks: packWaveform(d.peaks).list_peaks, peaks_key: d.peaks_key, video: d.video ?? null, ...at };
    }
    case 'TrackTranscodeFailed':
      return { status: 'failed', failure_reason: event.data.reason, ...at };
    case 'TrackUpdated': {
      const d = event.data;
      return { title: d.title, slug: d.slug, description: d.description, visibility: d.visibility, ...at };
    }
    case 'TrackArtworkChanged':
      return { artwork_key: event.data.artwork.key, artwork_mimetype: event.data.artwork.mimetype, ...at };
    case 'TrackArtworkRemoved':
      return { artwork_key: null, artwork_mimetype: null, ...at };
    default:
      return {};
  }
}

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
  tables: ['tracks', 'track_tags', 'track_waveforms', 'member_track_counts', 'track_totals'],
  handlers: {
    async TrackUploaded(event, tx) {
      const d = event.data;
      const at = event.recorded_at;
      const counted = await trackCounts.before(tx, [d.track_id]);
      await tx.insertInto('tracks').values({
        id: d.track_id, user_id: d.user_id, title: d.title, slug: d.slug, description: d.description,
        visibility: d.visibility, status: 'processing', failure_reason: null, filename: d.filename, mimetype: d.mimetype,
        extension: d.extension, filesize: d.filesize, source_key: d.source_key, lossless: d.lossless, renditions: null,
        duration: null, bitrate: null, list_peaks: null, peaks_key: null, artwork_key: d.artwork?.key ?? null,
        artwork_mimetype: d.artwork?.mimetype ?? null, video: null, parent_id: d.parent_id, created_at: at, updated_at: at,
        version: event.stream_version,
      }).execute();
      await replaceTags(tx, d.track_id, d.tags);
      await trackCounts.after(tx, counted);
    },
    async TrackTranscoded(event, tx) {
      const d = event.data;
      const counted = await trackCounts.before(tx, [d.track_id]);
      // Packed once here, so list reads ship a short string and never parse the full waveform; the
      // full one goes to a table of its own, read by its own route only.
      const { peaks, list_peaks } = packWaveform(d.peaks);
      await tx.updateTable('tracks').set({
        status: 'ready', failure_reason: null, renditions: JSON.stringify(d.renditions), duration: d.duration,
        bitrate: d.bitrate, list_peaks, peaks_key: d.peaks_key, video: d.video ? JSON.stringify(d.video) : null, updated_at: event.recorded_at,
        version: event.stream_version,
      }).where('id', '=', d.track_id).execute();
      await tx.insertInto('track_waveforms').values({ track_id: d.track_id, peaks })
        .onConflict((oc) => oc.column('track_id').doUpdateSet({ peaks })).execute();
      await tx.deleteFrom('transcode_progress').where('track_id', '=', d.track_id).execute();
      await trackCounts.after(tx, counted);
    },
    async TrackTranscodeFailed(event, tx) {
      const counted = await trackCounts.before(tx, [event.data.track_id]);
      await tx.updateTable('tracks').set({ status: 'failed', failure_reason: event.data.reason, updated_at: event.recorded_at, version: event.stream_version })
        .where('id', '=', event.data.track_id).execute();
      await tx.deleteFrom('transcode_progress').where('track_id', '=', event.data.track_id).execute();
      await trackCounts.after(tx, counted);
    },
    async TrackUpdated(event, tx) {
      const d = event.data;
      const counted = await trackCounts.before(tx, [d.track_id]);
      await tx.updateTable('tracks').set({
        title: d.title, slug: d.slug, description: d.description, visibility: d.visibility, updated_at: event.recorded_at,
        version: event.stream_version,
      }).where('id', '=', d.track_id).execute();
      await replaceTags(tx, d.track_id, d.tags);
      await trackCounts.after(tx, counted);
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
      const counted = await trackCounts.before(tx, [event.data.track_id]);
      await tx.deleteFrom('transcode_progress').where('track_id', '=', event.data.track_id).execute();
      await tx.deleteFrom('tracks').where('id', '=', event.data.track_id).execute();
      await trackCounts.after(tx, counted);
    },
  },
  /**
   * Each track's events folded in memory into its final row or its changed columns, then a
   * statement per kind of change for the whole batch: progress rows and deleted tracks (their
   * tags go by cascade), new tracks, changed columns (one update per set of columns), the tags
   * registry, and the replaced tag lists.
   */
  async applyMany(events, tx) {
    const changes = new Map<number, TrackChange>();
    const waveforms = new Map<number, string>();
    for (const event of events) {
      const id = event.data.track_id;
      let change = changes.get(id);
      if (!change) changes.set(id, (change = { deleteStored: false, insert: null, patch: {}, tags: null, clearProgress: false }));
      switch (event.type) {
        case 'TrackUploaded': {
          const d = event.data;
          change.insert = {
            id: d.track_id, user_id: d.user_id, title: d.title, slug: d.slug, description: d.description, visibility: d.visibility, status: 'processing',
            failure_reason: null, filename: d.filename, mimetype: d.mimetype, extension: d.extension, filesize: d.filesize, source_key: d.source_key,
            lossless: d.lossless, renditions: null, duration: null, bitrate: null, list_peaks: null, peaks_key: null,
            artwork_key: d.artwork?.key ?? null, artwork_mimetype: d.artwork?.mimetype ?? null, video: null, parent_id: d.parent_id,
            created_at: event.recorded_at, updated_at: event.recorded_at, version: event.stream_version,
          };
          change.tags = d.tags;
          break;
        }
        case 'TrackDeleted':
          changes.set(id, { deleteStored: true, insert: null, patch: {}, tags: null, clearProgress: true });
          waveforms.delete(id);
          break;
        default:
          if (event.type === 'TrackTranscoded') waveforms.set(id, packWaveform(event.data.peaks).peaks);
          Object.assign(change.insert ?? change.patch, fieldsOf(event));
          if (event.type === 'TrackUpdated') change.tags = event.data.tags;
          if (event.type === 'TrackTranscoded' || event.type === 'TrackTranscodeFailed') change.clearProgress = true;
      }
    }
    const all = [...changes];
    const counted = await trackCounts.before(tx, all.map(([id]) => id));
    await deleteWhereIn(tx, 'transcode_progress', 'track_id', all.filter(([, c]) => c.clearProgress).map(([id]) => id));
    await deleteWhereIn(tx, 'tracks', 'id', all.filter(([, c]) => c.deleteStored).map(([id]) => id));
    await insertRows(tx, 'tracks', TRACK_COLUMNS, all.flatMap(([, c]) => (c.insert ? [c.insert] : [])));
    await updateRows(tx, 'tracks', 'id', all.filter(([, c]) => !c.insert && !c.deleteStored).map(([id, c]) => ({ id, ...c.patch })));
    const retagged = all.filter(([, c]) => c.tags !== null);
    const registry = new Map(retagged.flatMap(([, c]) => c.tags!.map((t) => [t.id, { id: t.id, name: t.name, slug: t.slug }] as const)));
    await insertRows(tx, 'tags', ['id', 'name', 'slug'], [...registry.values()], sql`on conflict (id) do nothing`);
    await deleteWhereIn(tx, 'track_tags', 'track_id', retagged.filter(([, c]) => !c.insert).map(([id]) => id));
    await insertRows(tx, 'track_tags', ['track_id', 'tag_id', 'position'], retagged.flatMap(([id, c]) => c.tags!.map((t, position) => ({ track_id: id, tag_id: t.id, position }))));
    await insertRows(tx, 'track_waveforms', ['track_id', 'peaks'], [...waveforms].map(([track_id, peaks]) => ({ track_id, peaks })),
      sql`on conflict (track_id) do update set peaks = excluded.peaks`);
    await trackCounts.after(tx, counted);
  },
});
