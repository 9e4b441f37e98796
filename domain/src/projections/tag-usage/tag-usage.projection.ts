import type { TrackTagRef } from '@stardeck/contracts';
import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { deleteWhereIn, insertRows } from '../../kit/batch-writes';
import { defineProjection, type AnyProjectedEvent } from '../../kit/projection';
import { tagCounts, type UsageRow } from './tag-counts';

type UsageEventType = 'TrackUploaded' | 'TrackUpdated' | 'TrackTranscoded' | 'TrackTranscodeFailed' | 'TrackDeleted';
type UsageEvent = AnyProjectedEvent<UsageEventType>;

const idsOf = (tags: TrackTagRef[]) => tags.map((t) => t.id);

async function storedRows(tx: Tx, ids: number[]): Promise<Map<number, UsageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.selectFrom('tag_usage_tracks').select(['track_id', 'user_id', 'public', 'failed', 'ready', 'tag_ids']).where('track_id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.track_id), { ...r, track_id: Number(r.track_id), tag_ids: r.tag_ids.map(Number) }]));
}

/**
 * Events in log order folded over the stored rows: each track's row after them (null once
 * deleted). An edit or outcome of a track with no row changes nothing, as an update of a missing
 * row would not; an upload of a track that has one keeps the stored row.
 */
function fold(stored: Map<number, UsageRow>, events: readonly UsageEvent[]): Map<number, UsageRow | null> {
  const rows = new Map<number, UsageRow | null>(stored);
  for (const event of events) {
    const id = event.data.track_id;
    const row = rows.get(id) ?? null;
    switch (event.type) {
      case 'TrackUploaded': {
        const d = event.data;
        if (!row) rows.set(id, { track_id: id, user_id: d.user_id, public: d.visibility === 'public', failed: false, ready: false, tag_ids: idsOf(d.tags) });
        break;
      }
      case 'TrackUpdated':
        if (row) rows.set(id, { ...row, public: event.data.visibility === 'public', tag_ids: idsOf(event.data.tags) });
        break;
      case 'TrackTranscoded':
        if (row) rows.set(id, { ...row, ready: true });
        break;
      case 'TrackTranscodeFailed':
        if (row) rows.set(id, { ...row, failed: true });
        break;
      case 'TrackDeleted':
        rows.set(id, null);
        break;
    }
  }
  return rows;
}

const same = (a: UsageRow | null | undefined, b: UsageRow | null | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Any run of events, one or a rebuild's batch: the stored rows are read, folded, written back, and the counts moved by the difference. */
async function applyUsage(events: readonly UsageEvent[], tx: Tx): Promise<void> {
  const ids = [...new Set(events.map((e) => e.data.track_id))];
  const stored = await storedRows(tx, ids);
  const after = fold(stored, events);
  const changed = [...after].filter(([id, row]) => !same(stored.get(id), row));
  if (changed.length === 0) return;
  await deleteWhereIn(tx, 'tag_usage_tracks', 'track_id', changed.filter(([, row]) => row === null).map(([id]) => id));
  await insertRows(tx, 'tag_usage_tracks', ['track_id', 'user_id', 'public', 'failed', 'ready', 'tag_ids'], changed.flatMap(([, row]) => (row ? [row] : [])),
    sql`on conflict (track_id) do update set public = excluded.public, failed = excluded.failed, ready = excluded.ready, tag_ids = excluded.tag_ids`);
  const names = new Map<number, string>();
  for (const event of events) {
    if (event.type === 'TrackUploaded' || event.type === 'TrackUpdated') for (const t of event.data.tags) names.set(t.id, t.name.toLowerCase());
  }
  await tagCounts.move(tx, changed.map(([id, row]) => ({ before: stored.get(id) ?? null, after: row })), names);
}

/**
 * What tag usage counts are computed from: per track, its owner, its tags, whether it is public,
 * ready, or failed; and the counts themselves, kept as the tracks change (tag-counts.ts). Only
 * public tracks that did not fail count, so the tag cloud never reveals what someone keeps to
 * themselves.
 */
export const tagUsageProjection = defineProjection<UsageEventType>({
  name: 'tag_usage',
  kind: 'async',
  tables: ['tag_usage_tracks', 'tag_usage_counts', 'tag_artist_counts', 'tag_usage_artists', 'tag_usage_totals'],
  handlers: {
    TrackUploaded: (event, tx) => applyUsage([event], tx),
    TrackUpdated: (event, tx) => applyUsage([event], tx),
    TrackTranscoded: (event, tx) => applyUsage([event], tx),
    TrackTranscodeFailed: (event, tx) => applyUsage([event], tx),
    TrackDeleted: (event, tx) => applyUsage([event], tx),
  },
  applyMany: applyUsage,
});
