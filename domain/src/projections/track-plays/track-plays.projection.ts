import { sql } from 'kysely';
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
});
