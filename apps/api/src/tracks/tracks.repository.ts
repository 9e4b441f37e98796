import { Inject, Injectable } from '@nestjs/common';
import type { Db, Platform, TracksTable, Tx } from '@stardeck/infra';
import { sql, type Selectable } from 'kysely';
import { PLATFORM } from '../platform/platform.module';

export type TrackRow = Selectable<TracksTable>;
export type TrackListRow = TrackRow & { username: string; display_name: string | null; play_count: number; progress: number | null };

export interface ListFilter {
  limit: number;
  offset: number;
  sortKey: 'created' | 'title' | 'random' | 'play_count';
  sortDir: 'asc' | 'desc';
  search?: string;
  userId?: string;
  tagIds?: number[];
  excludeIds?: number[];
  /** Listed = public and ready; false also shows the owner's private, unlisted, processing and failed tracks. */
  listedOnly: boolean;
}

/** Reads of the `tracks` write model and the play-count read model. No business rules. */
@Injectable()
export class TracksRepository {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.database.db;
  }

  async nextTrackId(tx: Tx): Promise<number> {
    const { rows } = await sql<{ id: number }>`select nextval('track_id_seq') as id`.execute(tx);
    return Number(rows[0]!.id);
  }

  findRow(id: number, executor: Db | Tx = this.db): Promise<TrackRow | undefined> {
    return executor.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Bytes of every stored source the member has: what the tier's storage quota counts (failed uploads are removed). */
  async storageUsed(userId: string, executor: Db | Tx = this.db): Promise<number> {
    const row = await executor.selectFrom('tracks').select(sql<number>`coalesce(sum(filesize), 0)::bigint`.as('used'))
      .where('user_id', '=', userId).where('status', '!=', 'failed').executeTakeFirstOrThrow();
    return Number(row.used);
  }

  /** Serialises a member's uploads so two at once cannot both squeeze under the quota. */
  async lockUploader(tx: Tx, userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads-${userId}`}, 0))`.execute(tx);
  }

  private withOwner() {
    return this.db.selectFrom('tracks')
      .innerJoin('users', 'users.id', 'tracks.user_id')
      .leftJoin('track_play_counts', 'track_play_counts.track_id', 'tracks.id')
      .leftJoin('transcode_progress', 'transcode_progress.track_id', 'tracks.id')
      .selectAll('tracks')
      .select([
        'users.username', 'users.display_name',
        sql<number>`coalesce(track_play_counts.play_count, 0)`.as('play_count'),
        'transcode_progress.percent as progress',
      ]);
  }

  findView(id: number): Promise<TrackListRow | undefined> {
    return this.withOwner().where('tracks.id', '=', id).executeTakeFirst();
  }

  findViews(ids: number[]): Promise<TrackListRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.withOwner().where('tracks.id', 'in', ids).execute();
  }

  async list(filter: ListFilter): Promise<{ rows: TrackListRow[]; total: number }> {
    let query = this.withOwner();
    if (filter.listedOnly) query = query.where('tracks.visibility', '=', 'public').where('tracks.status', '=', 'ready');
    if (filter.userId) query = query.where('tracks.user_id', '=', filter.userId);
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([
        eb('tracks.title', 'ilike', pattern), eb('tracks.description', 'ilike', pattern), eb('users.username', 'ilike', pattern),
      ]));
    }
    for (const tagId of filter.tagIds ?? []) {
      query = query.where(({ exists, selectFrom }) => exists(
        selectFrom('track_tags').select('track_tags.tag_id').whereRef('track_tags.track_id', '=', 'tracks.id').where('track_tags.tag_id', '=', tagId),
      ));
    }
    if (filter.excludeIds?.length) query = query.where('tracks.id', 'not in', filter.excludeIds);
    const countRow = await query.clearSelect().select(sql<number>`count(*)::bigint`.as('n')).executeTakeFirstOrThrow();
    const dir = filter.sortDir;
    const ordered =
      filter.sortKey === 'random' ? query.orderBy(sql`random()`)
        : filter.sortKey === 'title' ? query.orderBy(sql`lower(tracks.title)`, dir).orderBy('tracks.id', dir)
          : filter.sortKey === 'play_count' ? query.orderBy(sql`coalesce(track_play_counts.play_count, 0)`, dir).orderBy('tracks.id', 'desc')
            : query.orderBy('tracks.created_at', dir).orderBy('tracks.id', dir);
    const rows = await ordered.limit(filter.limit).offset(filter.offset).execute();
    return { rows, total: Number(countRow.n) };
  }

  findUserByUsername(username: string): Promise<{ id: string; username: string; config: Record<string, unknown> } | undefined> {
    return this.db.selectFrom('users').select(['id', 'username', 'config'])
      .where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  }

  async progressOf(trackId: number): Promise<number | null> {
    const row = await this.db.selectFrom('transcode_progress').select('percent').where('track_id', '=', trackId).executeTakeFirst();
    return row?.percent ?? null;
  }

  async setProgress(trackId: number, percent: number): Promise<void> {
    // Only while the track is processing: a late progress report must not outlive the outcome.
    await sql`
      insert into transcode_progress (track_id, percent, updated_at)
      select ${trackId}, ${percent}, now() where exists (select 1 from tracks where id = ${trackId} and status = 'processing')
      on conflict (track_id) do update set percent = greatest(transcode_progress.percent, excluded.percent), updated_at = now()`.execute(this.db);
  }
}
