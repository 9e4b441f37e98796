import { sql } from 'kysely';
import { deleteWhereIn, insertRows } from '../../kit/batch-writes';
import { defineProjection } from '../../kit/projection';

/** Play counts per track, for the Track's play_count and the explore sort by plays. */
export const trackPlaysProjection = defineProjection({
  name: 'track_plays',
  kind: 'async',
  tables: ['track_play_counts'],
  handlers: {
    async TrackPlayed(event, tx) {
      await tx.insertInto('track_play_counts').values({ track_id: event.data.track_id, play_count: 1 })
        .onConflict((oc) => oc.column('track_id').doUpdateSet({ play_count: sql`track_play_counts.play_count + 1` }))
        .execute();
    },
    async TrackDeleted(event, tx) {
      await tx.deleteFrom('track_play_counts').where('track_id', '=', event.data.track_id).execute();
    },
  },
  /** Plays added up per track in memory: one delete for the deleted tracks, then one upsert of the sums. */
  async applyMany(events, tx) {
    const plays = new Map<number, number>();
    const deleted = new Set<number>();
    for (const event of events) {
      const id = event.data.track_id;
      if (event.type === 'TrackPlayed') plays.set(id, (plays.get(id) ?? 0) + 1);
      else {
        deleted.add(id);
        plays.delete(id);
      }
    }
    await deleteWhereIn(tx, 'track_play_counts', 'track_id', [...deleted]);
    await insertRows(tx, 'track_play_counts', ['track_id', 'play_count'], [...plays].map(([track_id, play_count]) => ({ track_id, play_count })),
      sql`on conflict (track_id) do update set play_count = track_play_counts.play_count + excluded.play_count`);
  },
});
