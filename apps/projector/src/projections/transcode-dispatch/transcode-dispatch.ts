import type { TrackUploaded } from '@stardeck/contracts';
import type { JobQueue, TranscodeJob } from '@stardeck/infra';
import type { Projection } from '../../projection';

export const TRANSCODE_DISPATCH = 'transcode_dispatch';

/**
 * Queues the transcode job of every uploaded track. Driven by the log like a projection, so an
 * upload committed while the queue was unreachable is queued when it is back: the checkpoint only
 * moves after the enqueue succeeded. A replay re-enqueues under the same job id (the queue drops
 * duplicates) and the worker skips tracks that already have their outcome. Tracks that were
 * deleted or finished before their job went out are not queued.
 */
export function transcodeDispatchProjection(queue: JobQueue<TranscodeJob>): Projection {
  return {
    name: TRANSCODE_DISPATCH,
    handles: ['TrackUploaded'],
    async apply(event, tx) {
      const data = event.data as TrackUploaded['data'];
      const track = await tx.selectFrom('tracks').select('status').where('id', '=', data.track_id).executeTakeFirst();
      if (track?.status !== 'processing') return;
      await queue.enqueue(`track-${data.track_id}`, {
        track_id: String(data.track_id), source_key: data.source_key, source_extension: data.extension, lossless: data.lossless,
      });
    },
    // Nothing to empty: a rebuild re-sends the jobs of tracks still processing, which is what an operator wants.
    async reset() {},
  };
}
