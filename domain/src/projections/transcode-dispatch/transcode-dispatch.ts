import type { JobQueue, TranscodeJob } from '@stardeck/infra';
import { defineProjection, type Projection } from '../../kit/projection';
import { transcodeJobOf } from '../../tracks/transcode-job';
import { trackQueries } from '../tracks/tracks.queries';

export const TRANSCODE_DISPATCH = 'transcode_dispatch';

/**
 * An outbox: queues the transcode job of every uploaded track. Driven by the log like a
 * projection, so an upload committed while the queue was unreachable is queued when it is back:
 * the checkpoint only moves after the enqueue succeeded. A replay re-enqueues under the same job
 * id (the queue drops duplicates) and the worker skips tracks that already have their outcome.
 * Tracks that were deleted or finished before their job went out are not queued.
 */
export function transcodeDispatchProjection(queue: JobQueue<TranscodeJob>): Projection {
  return defineProjection({
    name: TRANSCODE_DISPATCH,
    kind: 'async',
    // It owns no rows: a rebuild re-sends the jobs of tracks still processing, which is what an operator wants.
    tables: [],
    handlers: {
      async TrackUploaded(event, tx) {
        const track = await trackQueries.findRow(tx, event.data.track_id);
        if (track?.status !== 'processing') return;
        const { id, job } = transcodeJobOf(event.data);
        await queue.enqueue(id, job);
      },
    },
  });
}
