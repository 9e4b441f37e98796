import type { TrackDeleted, TrackPlayed } from '@stardeck/contracts';
import type { Projection } from '../../projection';

/** Each member's plays, newest first; a deleted track leaves everyone's history. */
export const listeningHistoryProjection: Projection = {
  name: 'listening_history',
  handles: ['TrackPlayed', 'TrackDeleted'],
  async apply(event, tx) {
    if (event.type === 'TrackPlayed') {
      const { track_id, user_id } = event.data as TrackPlayed['data'];
      // Keyed by log position, so applying one event twice cannot add a second row.
      await tx.insertInto('listening_history')
        .values({ event_position: event.global_position, user_id, track_id, played_at: event.recorded_at })
        .onConflict((oc) => oc.column('event_position').doNothing())
        .execute();
    } else {
      await tx.deleteFrom('listening_history').where('track_id', '=', (event.data as TrackDeleted['data']).track_id).execute();
    }
  },
  async reset(tx) {
    await tx.deleteFrom('listening_history').execute();
  },
};
