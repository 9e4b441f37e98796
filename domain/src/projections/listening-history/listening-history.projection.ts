import { defineProjection } from '../../kit/projection';

/** Each member's plays, newest first; a deleted track leaves everyone's history. */
export const listeningHistoryProjection = defineProjection({
  name: 'listening_history',
  kind: 'async',
  tables: ['listening_history'],
  handlers: {
    async TrackPlayed(event, tx) {
      const { track_id, user_id } = event.data;
      // Keyed by log position, so applying one event twice cannot add a second row.
      await tx.insertInto('listening_history')
        .values({ event_position: event.global_position, user_id, track_id, played_at: event.recorded_at })
        .onConflict((oc) => oc.column('event_position').doNothing())
        .execute();
    },
    async TrackDeleted(event, tx) {
      await tx.deleteFrom('listening_history').where('track_id', '=', event.data.track_id).execute();
    },
  },
});
