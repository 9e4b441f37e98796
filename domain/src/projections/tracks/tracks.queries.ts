import type { Db, TracksTable, Tx } from '@stardeck/infra';
import { sql, type Selectable } from 'kysely';

export type TrackRow = Selectable<TracksTable>;

/** Reads of the tracks read model that the write side and the transcoder need. */
export const trackQueries = {
  findRow(executor: Db | Tx, id: number): Promise<TrackRow | undefined> {
    return executor.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async setProgress(executor: Db | Tx, trackId: number, percent: number): Promise<void> {
    // Only while the track is processing: a late progress report must not outlive the outcome.
    await sql`
      insert into transcode_progress (track_id, percent, updated_at)
      select ${trackId}, ${percent}, now() where exists (select 1 from tracks where id = ${trackId} and status = 'processing')
      on conflict (track_id) do update set percent = greatest(transcode_progress.percent, excluded.percent), updated_at = now()`.execute(executor);
  },
};
