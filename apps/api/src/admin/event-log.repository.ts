import { Injectable } from '@nestjs/common';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '@stardeck/infra';

/** An `events` row as the inspector reads it, before upcasting and redaction. */
export interface EventRow {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  event_id: string;
  recorded_at: Date;
}

/** The inspector's filters once resolved: actors are user ids, a category has lost its dash. */
export interface EventFilter {
  stream?: string;
  category?: string;
  types?: string[];
  actors?: string[];
  correlationId?: string;
  from?: Date;
  to?: Date;
  before?: number;
}

type EventsQuery = SelectQueryBuilder<Database, 'events', EventRow>;

/**
 * Reads of the log for the admin console. Every list is a keyset on the global position (newest
 * first, or a stream in version order) over one of the log's indexes, so a page deep in a large
 * log costs what the first one does.
 */
@Injectable()
export class EventLogRepository {
  /** One page, newest first: `limit` rows below `before` that pass the filter. */
  async page(executor: Db, filter: EventFilter, limit: number): Promise<EventRow[]> {
    let query = this.select(executor);
    if (filter.stream !== undefined) query = query.where('stream_id', '=', filter.stream);
    if (filter.category !== undefined) query = query.where(sql<string>`split_part(stream_id, '-', 1)`, '=', filter.category);
    if (filter.types?.length) query = query.where('type', 'in', filter.types);
    if (filter.actors) query = query.where(sql<string>`metadata->>'actor'`, 'in', filter.actors);
    if (filter.correlationId !== undefined) query = query.where(sql<string>`metadata->>'correlation_id'`, '=', filter.correlationId);
    if (filter.from) query = query.where('recorded_at', '>=', filter.from);
    if (filter.to) query = query.where('recorded_at', '<', filter.to);
    if (filter.before !== undefined) query = query.where('global_position', '<', filter.before);
    return query.orderBy('global_position', 'desc').limit(limit).execute();
  }

  atPosition(executor: Db, position: number): Promise<EventRow | undefined> {
    return this.select(executor).where('global_position', '=', position).executeTakeFirst();
  }

  byEventId(executor: Db, eventId: string): Promise<EventRow | undefined> {
    return this.select(executor).where('event_id', '=', eventId).executeTakeFirst();
  }

  /** Events appended because of `eventId` (their causation id), oldest first. */
  causedBy(executor: Db, eventId: string, limit: number): Promise<EventRow[]> {
    return this.select(executor).where(sql<string>`metadata->>'causation_id'`, '=', eventId).orderBy('global_position').limit(limit).execute();
  }

  /** The chain one request or job started, oldest first. */
  correlated(executor: Db, correlationId: string, limit: number): Promise<EventRow[]> {
    return this.select(executor).where(sql<string>`metadata->>'correlation_id'`, '=', correlationId).orderBy('global_position').limit(limit).execute();
  }

  /** A stream's first `limit` events in version order. */
  stream(executor: Db, streamId: string, limit: number): Promise<EventRow[]> {
    return this.select(executor).where('stream_id', '=', streamId).orderBy('stream_version').limit(limit).execute();
  }

  /** Usernames of the accounts among `ids`. */
  async usernames(executor: Db, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await executor.selectFrom('users').select(['id', 'username']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((row) => [row.id, row.username]));
  }

  /** The account id of a username (case-insensitive), if there is one. */
  async userIdOf(executor: Db, username: string): Promise<string | null> {
    const row = await executor.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
    return row?.id ?? null;
  }

  private select(executor: Db): EventsQuery {
    return executor.selectFrom('events').select([
      'global_position', sql<string>`transaction_id::text`.as('transaction_id'), 'stream_id', 'stream_version',
      'type', 'schema_version', 'data', 'metadata', sql<string>`event_id::text`.as('event_id'), 'recorded_at',
    ]) as EventsQuery;
  }
}
