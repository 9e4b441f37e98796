import type { LibraryEvent } from '@stardeck/contracts';
import { sql } from 'kysely';
import { defineProjection } from '../../kit/projection';

/**
 * Members' saved tracks into `library_entries`, and how many members saved each track into
 * `track_save_counts`. Inline: a save shows in the member's library and on the track at once.
 * A deleted track's rows stay (every read joins `tracks`, so they never show).
 */
export const libraryProjection = defineProjection<LibraryEvent['type']>({
  name: 'library',
  kind: 'inline',
  tables: ['library_entries', 'track_save_counts'],
  handlers: {
    async TrackSaved(event, tx) {
      const { user_id, track_id } = event.data;
      await tx.insertInto('library_entries').values({ user_id, track_id, saved_at: event.recorded_at }).execute();
      await tx.insertInto('track_save_counts').values({ track_id, saved_by_count: 1 })
        .onConflict((oc) => oc.column('track_id').doUpdateSet({ saved_by_count: sql`track_save_counts.saved_by_count + 1` }))
        .execute();
    },
    async TrackUnsaved(event, tx) {
      const { user_id, track_id } = event.data;
      await tx.deleteFrom('library_entries').where('user_id', '=', user_id).where('track_id', '=', track_id).execute();
      await tx.updateTable('track_save_counts').set({ saved_by_count: sql`greatest(saved_by_count - 1, 0)` })
        .where('track_id', '=', track_id).execute();
    },
  },
});
