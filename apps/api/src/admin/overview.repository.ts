import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '@stardeck/infra';

/** Past this many events the overview shows the planner's estimate of the log's size instead of counting it. */
const EXACT_COUNT_UP_TO = 1_000_000;

/**
 * The overview's figures, each one indexed read: recent events by time, unfinished tracks by a
 * partial index, unread contact messages likewise. Only a small log is counted row by row.
 */
@Injectable()
export class OverviewRepository {
  /** Times are the database's, as events are stamped by it. */
  async events(executor: Db): Promise<{ total: number; head: number; last_hour: number; per_minute: number }> {
    const row = await sql<{ head: string | null; last_hour: string; last_five: string }>`
      SELECT (SELECT max(global_position) FROM events) AS head,
             (SELECT count(*) FROM events WHERE recorded_at >= now() - interval '1 hour') AS last_hour,
             (SELECT count(*) FROM events WHERE recorded_at >= now() - interval '5 minutes') AS last_five`.execute(executor);
    const { head, last_hour, last_five } = row.rows[0]!;
    const headPosition = Number(head ?? 0);
    return { total: await this.total(executor, headPosition), head: headPosition, last_hour: Number(last_hour), per_minute: Number(last_five) / 5 };
  }

  async transcodes(executor: Db): Promise<{ queued: number; processing: number; failed_24h: number }> {
    const row = await sql<{ queued: string; processing: string; failed: string }>`
      SELECT count(*) FILTER (WHERE t.status = 'processing' AND p.track_id IS NULL) AS queued,
             count(*) FILTER (WHERE t.status = 'processing' AND p.track_id IS NOT NULL) AS processing,
             count(*) FILTER (WHERE t.status = 'failed' AND t.updated_at >= now() - interval '24 hours') AS failed
        FROM tracks t LEFT JOIN transcode_progress p ON p.track_id = t.id
       WHERE t.status <> 'ready'`.execute(executor);
    const r = row.rows[0]!;
    return { queued: Number(r.queued), processing: Number(r.processing), failed_24h: Number(r.failed) };
  }

  async pendingAccessRequests(executor: Db): Promise<number> {
    const row = await executor.selectFrom('access_requests').select(sql<string>`count(*)`.as('n'))
      .where('invite_id', 'is', null).where('declined_at', 'is', null).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async unreadContactMessages(executor: Db): Promise<number> {
    const row = await executor.selectFrom('contact_messages').select(sql<string>`count(*)`.as('n')).where('read_at', 'is', null).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async total(executor: Db, head: number): Promise<number> {
    if (head <= EXACT_COUNT_UP_TO) {
      const row = await executor.selectFrom('events').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const estimate = await sql<{ n: number }>`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'events'`.execute(executor);
    return Number(estimate.rows[0]?.n ?? head);
  }
}
