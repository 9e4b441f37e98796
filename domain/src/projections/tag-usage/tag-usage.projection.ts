import type { TrackTagRef } from '@stardeck/contracts';
import { sql } from 'kysely';
import { deleteWhereIn, insertRows, updateRows } from '../../kit/batch-writes';
import { defineProjection } from '../../kit/projection';

interface UsageRow { track_id: number; user_id: string; public: boolean; failed: boolean; tag_ids: number[] }
/** What a batch does to one track's row: delete the stored one first, insert a new one, or change some fields of the stored one. */
interface Change { deleteStored: boolean; insert: UsageRow | null; patch: Partial<UsageRow> }

const idsOf = (tags: TrackTagRef[]) => tags.map((t) => t.id);

/**
 * What tag usage counts are computed from: per track, its owner, its tags, whether it is public
 * and whether it failed. Only public tracks that did not fail count, so the tag cloud never
 * reveals what someone keeps to themselves.
 */
export const tagUsageProjection = defineProjection({
  name: 'tag_usage',
  kind: 'async',
  tables: ['tag_usage_tracks'],
  handlers: {
    async TrackUploaded(event, tx) {
      const d = event.data;
      await tx.insertInto('tag_usage_tracks')
        .values({ track_id: d.track_id, user_id: d.user_id, public: d.visibility === 'public', tag_ids: idsOf(d.tags) })
        .onConflict((oc) => oc.column('track_id').doNothing())
        .execute();
    },
    async TrackUpdated(event, tx) {
      const d = event.data;
      await tx.updateTable('tag_usage_tracks').set({ public: d.visibility === 'public', tag_ids: idsOf(d.tags) })
        .where('track_id', '=', d.track_id).execute();
    },
    async TrackTranscodeFailed(event, tx) {
      await tx.updateTable('tag_usage_tracks').set({ failed: true }).where('track_id', '=', event.data.track_id).execute();
    },
    async TrackDeleted(event, tx) {
      await tx.deleteFrom('tag_usage_tracks').where('track_id', '=', event.data.track_id).execute();
    },
  },
  /** Each track's changes folded in memory; then one delete, one insert and an update per set of changed columns. */
  async applyMany(events, tx) {
    const changes = new Map<number, Change>();
    const changeOf = (id: number) => {
      let change = changes.get(id);
      if (!change) changes.set(id, (change = { deleteStored: false, insert: null, patch: {} }));
      return change;
    };
    for (const event of events) {
      const change = changeOf(event.data.track_id);
      const target = change.insert ?? change.patch;
      switch (event.type) {
        case 'TrackUploaded': {
          const d = event.data;
          // A track's first event: nothing is stored for it yet (a stored row would be kept, as by the single apply).
          if (!change.insert) {
            change.insert = { track_id: d.track_id, user_id: d.user_id, public: d.visibility === 'public', failed: false, tag_ids: idsOf(d.tags) };
            change.patch = {};
          }
          break;
        }
        case 'TrackUpdated':
          Object.assign(target, { public: event.data.visibility === 'public', tag_ids: idsOf(event.data.tags) });
          break;
        case 'TrackTranscodeFailed':
          target.failed = true;
          break;
        case 'TrackDeleted':
          changes.set(event.data.track_id, { deleteStored: true, insert: null, patch: {} });
          break;
      }
    }
    const all = [...changes.values()];
    await deleteWhereIn(tx, 'tag_usage_tracks', 'track_id', [...changes].filter(([, c]) => c.deleteStored).map(([id]) => id));
    await insertRows(tx, 'tag_usage_tracks', ['track_id', 'user_id', 'public', 'failed', 'tag_ids'], all.flatMap((c) => (c.insert ? [c.insert] : [])),
      sql`on conflict (track_id) do nothing`);
    await updateRows(tx, 'tag_usage_tracks', 'track_id', [...changes].filter(([, c]) => !c.insert && !c.deleteStored).map(([track_id, c]) => ({ track_id, ...c.patch })));
  },
});
