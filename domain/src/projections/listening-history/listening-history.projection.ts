import { sql } from 'kysely';
import { deleteWhereIn, insertRows } from '../../kit/batch-writes';
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
  /** A deleted track drops the plays the batch holds for it and the stored ones: one delete, then one insert. */
  async applyMany(events, tx) {
    let plays: { event_position: number; user_id: string; track_id: number; played_at: Date }[] = [];
    const deleted = new Set<number>();
    for (const event of events) {
      if (event.type === 'TrackPlayed') {
        plays.push({ event_position: event.global_position, user_id: event.data.user_id, track_id: event.data.track_id, played_at: event.recorded_at });
      } else {
        deleted.add(event.data.track_id);
        plays = plays.filter((play) => play.track_id !== event.data.track_id);
      }
    }
    await deleteWhereIn(tx, 'listening_history', 'track_id', [...deleted]);
    await insertRows(tx, 'listening_history', ['event_position', 'user_id', 'track_id', 'played_at'], plays, sql`on conflict (event_position) do nothing`);
  },
});
