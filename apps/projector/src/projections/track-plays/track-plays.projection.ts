import type { TrackDeleted, TrackPlayed } from '@stardeck/contracts';
import { sql } from 'kysely';
import type { Projection } from '../../projection';

/** Play counts per track, for the Track's play_count and the explore sort by plays. */
export const trackPlaysProjection: Projection = {
  name: 'track_plays',
  handles: ['TrackPlayed', 'TrackDeleted'],
  async apply(event, tx) {
    if (event.type === 'TrackPlayed') {
      const { track_id } = event.data as TrackPlayed['data'];
      await tx.insertInto('track_play_counts').values({ track_id, play_count: 1 })
        .onConflict((oc) => oc.column('track_id').doUpdateSet({ play_count: sql`track_play_counts.play_count + 1` }))
        .execute();
    } else {
      await tx.deleteFrom('track_play_counts').where('track_id', '=', (event.data as TrackDeleted['data']).track_id).execute();
    }
  },
  async reset(tx) {
    await tx.deleteFrom('track_play_counts').execute();
  },
};
