import type { Db, JobQueue, TranscodeJob, Tx } from '@stardeck/infra';
import { defineProjection, type Projection } from '../../kit/projection';
import { transcodeJobOf } from '../../tracks/transcode-job';
import { trackQueries } from '../tracks/tracks.queries';

export const TRANSCODE_DISPATCH = 'transcode_dispatch';

/**
 * An outbox: queues the transcode job of every uploaded track, fairly. Each member has at most
 * one job in the shared queue (queued or being worked on); their other uploads wait in
 * `transcode_dispatch`, in upload order, and the next goes out when the previous one ends
 * (transcoded, failed or deleted). The queue therefore takes members in turn, whatever the number
 * of transcoders: one member's backlog never holds up another member's upload.
 *
 * Driven by the log like a projection, so an upload committed while the queue was unreachable is
 * queued when it is back: the checkpoint only moves after the enqueue succeeded. A replay
 * re-enqueues under the same job id (the queue drops duplicates) and the worker skips tracks that
 * already have their outcome. Tracks deleted or finished before their job went out are not queued.
 */
/** Tracks processing whose job was sent: what an in-memory queue must hold again after a restart. */
export function sentTranscodes(executor: Db | Tx) {
  return executor.selectFrom('tracks').innerJoin('transcode_dispatch', 'transcode_dispatch.track_id', 'tracks.id')
    .select(['tracks.id', 'tracks.source_key', 'tracks.extension', 'tracks.lossless'])
    .where('tracks.status', '=', 'processing').where('transcode_dispatch.sent', '=', true).orderBy('tracks.id').execute();
}

export function transcodeDispatchProjection(queue: JobQueue<TranscodeJob>): Projection {
  /** Sends the member's oldest waiting track that still needs its transcode, if any. */
  async function sendNext(tx: Tx, userId: string): Promise<void> {
    for (;;) {
      const next = await tx.selectFrom('transcode_dispatch').select('track_id')
        .where('user_id', '=', userId).where('sent', '=', false).orderBy('position').limit(1).executeTakeFirst();
      if (!next) return;
      const track = await trackQueries.findRow(tx, Number(next.track_id));
      if (track?.status !== 'processing') {
        await tx.deleteFrom('transcode_dispatch').where('track_id', '=', next.track_id).execute();
        continue;
      }
      await tx.updateTable('transcode_dispatch').set({ sent: true }).where('track_id', '=', next.track_id).execute();
      const { id, job } = transcodeJobOf({ ...track, track_id: track.id });
      await queue.enqueue(id, job);
      return;
    }
  }

  /** The track has its outcome (or is gone): it leaves the record, and its owner's next upload goes out. */
  async function ended(tx: Tx, trackId: number): Promise<void> {
    const row = await tx.deleteFrom('transcode_dispatch').where('track_id', '=', trackId).returning(['user_id', 'sent']).executeTakeFirst();
    if (row?.sent) await sendNext(tx, row.user_id);
  }

  return defineProjection({
    name: TRANSCODE_DISPATCH,
    kind: 'async',
    // A rebuild re-sends the jobs of tracks still processing, one per member, which is what an operator wants.
    tables: ['transcode_dispatch'],
    handlers: {
      async TrackUploaded(event, tx) {
        const track = await trackQueries.findRow(tx, event.data.track_id);
        if (track?.status !== 'processing') return;
        const { id, job } = transcodeJobOf(event.data);
        const known = await tx.selectFrom('transcode_dispatch').select('sent').where('track_id', '=', event.data.track_id).executeTakeFirst();
        // Seen before (a replay): send again only what was sent, under the same job id.
        if (known) return known.sent ? queue.enqueue(id, job) : undefined;
        const busy = await tx.selectFrom('transcode_dispatch').select('track_id')
          .where('user_id', '=', event.data.user_id).where('sent', '=', true).limit(1).executeTakeFirst();
        await tx.insertInto('transcode_dispatch')
          .values({ track_id: event.data.track_id, user_id: event.data.user_id, sent: !busy, position: event.global_position }).execute();
        if (!busy) await queue.enqueue(id, job);
      },
      TrackTranscoded: (event, tx) => ended(tx, event.data.track_id),
      TrackTranscodeFailed: (event, tx) => ended(tx, event.data.track_id),
      TrackDeleted: (event, tx) => ended(tx, event.data.track_id),
    },
  });
}
