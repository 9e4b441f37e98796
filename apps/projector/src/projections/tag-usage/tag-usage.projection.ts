import type { TrackDeleted, TrackTagRef, TrackTranscodeFailed, TrackUpdated, TrackUploaded } from '@stardeck/contracts';
import type { Projection } from '../../projection';

const idsOf = (tags: TrackTagRef[]) => tags.map((t) => t.id);

/**
 * What tag usage counts are computed from: per track, its owner, its tags, whether it is public
 * and whether it failed. Only public tracks that did not fail count, so the tag cloud never
 * reveals what someone keeps to themselves.
 */
export const tagUsageProjection: Projection = {
  name: 'tag_usage',
  handles: ['TrackUploaded', 'TrackUpdated', 'TrackTranscodeFailed', 'TrackDeleted'],
  async apply(event, tx) {
    switch (event.type) {
      case 'TrackUploaded': {
        const d = event.data as TrackUploaded['data'];
        await tx.insertInto('tag_usage_tracks')
          .values({ track_id: d.track_id, user_id: d.user_id, public: d.visibility === 'public', tag_ids: idsOf(d.tags) })
          .onConflict((oc) => oc.column('track_id').doNothing())
          .execute();
        break;
      }
      case 'TrackUpdated': {
        const d = event.data as TrackUpdated['data'];
        await tx.updateTable('tag_usage_tracks').set({ public: d.visibility === 'public', tag_ids: idsOf(d.tags) })
          .where('track_id', '=', d.track_id).execute();
        break;
      }
      case 'TrackTranscodeFailed':
        await tx.updateTable('tag_usage_tracks').set({ failed: true })
          .where('track_id', '=', (event.data as TrackTranscodeFailed['data']).track_id).execute();
        break;
      case 'TrackDeleted':
        await tx.deleteFrom('tag_usage_tracks').where('track_id', '=', (event.data as TrackDeleted['data']).track_id).execute();
        break;
    }
  },
  async reset(tx) {
    await tx.deleteFrom('tag_usage_tracks').execute();
  },
};
