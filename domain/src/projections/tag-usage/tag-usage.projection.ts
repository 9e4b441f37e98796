import type { TrackTagRef } from '@stardeck/contracts';
import { defineProjection } from '../../kit/projection';

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
});
