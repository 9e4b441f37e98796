import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/connect';
import { appendConflicts, eventsAppended } from '../metrics';
import {
  ConcurrencyError, LOG_START, type EventMetadata, type EventSchema, type LogCursor, type NewEvent,
  type StoredEvent,
} from './types';

export type Tx = Transaction<Database>;

/** `'any'` appends without a version check (serialised per stream); a number is the version the caller saw. */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  nextVersion: number;
  events: StoredEvent[];
}

export interface EventQuery {
  stream?: string;
  type?: string;
  actor?: string;
  /** Global position to start after (browsing order, not the commit-safe order). */
  after?: number;
  limit: number;
}

const UNIQUE_VIOLATION = '23505';

/**
 * The append-only event log in Postgres. Writers append inside a transaction together with their
 * inline projections; readers see events in commit-safe order and never skip one whose
 * transaction commits late.
 */
export class EventStore {
  private readonly committedListeners = new Set<() => void>();

  constructor(
    readonly db: Db,
    private readonly schemas: Record<string, EventSchema> = {},
  ) {}

  /**
   * Runs `work` in one transaction; everything it appends and writes commits or rolls back
   * together. Listeners (the relay) are woken after commit.
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute(work);
    for (const listener of this.committedListeners) listener();
    return result;
  }

  onCommitted(listener: () => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  /**
   * Appends to one stream atomically. With an expected version this is one guarded INSERT
   * statement (its own transaction), so a plain append costs a single round trip.
   */
  async append(streamId: string, expected: ExpectedVersion, events: NewEvent[], metadata: EventMetadata): Promise<AppendResult> {
    if (expected === 'any') return this.transaction((tx) => this.appendIn(tx, streamId, expected, events, metadata));
    const result = await this.insert(this.db, streamId, expected, events, metadata);
    for (const listener of this.committedListeners) listener();
    return result;
  }

  /** Appends inside the caller's transaction; a stale `expected` throws ConcurrencyError and the caller's work rolls back. */
  async appendIn(tx: Tx, streamId: string, expected: ExpectedVersion, events: NewEvent[], metadata: EventMetadata): Promise<AppendResult> {
    if (expected !== 'any') return this.insert(tx, streamId, expected, events, metadata);
    await sql`select pg_advisory_xact_lock(hashtextextended(${streamId}, 0))`.execute(tx);
    return this.insert(tx, streamId, await this.streamVersion(tx, streamId), events, metadata);
  }

  /**
   * Inserts the events as versions expected+1… only if the stream is still at `expected`: the
   * check and the write are one statement. Two writers that both saw `expected` collide on the
   * unique (stream_id, stream_version) index; the loser gets ConcurrencyError.
   */
  private async insert(executor: Db | Tx, streamId: string, expected: number, events: NewEvent[], metadata: EventMetadata): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const ids = events.map((event) => event.event_id ?? randomUUID());
    // Every event belongs to a chain: the request that started it, or else this append itself.
    const meta: EventMetadata = { ...metadata, correlation_id: metadata.correlation_id ?? metadata.request_id ?? ids[0]! };
    const rows = events.map((event, i) => ({
      stream_id: streamId,
      stream_version: expected + i + 1,
      type: event.type,
      schema_version: event.schema_version ?? this.schemas[event.type]?.current ?? 1,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(meta),
      event_id: ids[i]!,
    }));
    const values = sql.join(rows.map((r) =>
      sql`(${r.stream_id}, ${r.stream_version}::int, ${r.type}, ${r.schema_version}::int, ${r.data}::jsonb, ${r.metadata}::jsonb, ${r.event_id}::uuid)`));
    let inserted: { global_position: number; transaction_id: string; recorded_at: Date; event_id: string }[];
    try {
      inserted = (await sql<{ global_position: number; transaction_id: string; recorded_at: Date; event_id: string }>`
        INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
        SELECT * FROM (VALUES ${values}) AS v(stream_id, stream_version, type, schema_version, data, metadata, event_id)
        WHERE (SELECT coalesce(max(stream_version), 0) FROM events WHERE stream_id = ${streamId}) = ${expected}::int
        RETURNING global_position, transaction_id::text AS transaction_id, recorded_at, event_id::text AS event_id`.execute(executor)).rows;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      appendConflicts.inc();
      throw new ConcurrencyError(streamId, expected, null);
    }
    if (inserted.length === 0) {
      appendConflicts.inc();
      throw new ConcurrencyError(streamId, expected, await this.streamVersion(executor, streamId));
    }
    for (const event of events) eventsAppended.inc({ type: event.type });
    const byId = new Map(inserted.map((row) => [row.event_id, row]));
    return {
      nextVersion: expected + events.length,
      events: rows.map((row, i) => {
        const stored = byId.get(row.event_id)!;
        return {
          ...row,
          data: events[i]!.data as Record<string, unknown>,
          metadata: meta,
          global_position: stored.global_position,
          transaction_id: stored.transaction_id,
          recorded_at: stored.recorded_at,
        };
      }),
    };
  }

  async streamVersion(executor: Db | Tx, streamId: string): Promise<number> {
    const row = await executor
      .selectFrom('events')
      .select(sql<number | null>`max(stream_version)`.as('version'))
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    return row?.version ?? 0;
  }

  async readStream(streamId: string, executor: Db | Tx = this.db): Promise<StoredEvent[]> {
    const rows = await this.selectEvents(executor).where('stream_id', '=', streamId).orderBy('stream_version').execute();
    return rows.map((row) => this.upcast(row));
  }

  /**
   * Events after `cursor` in commit-safe order. Only transactions older than the oldest one still
   * in flight are visible, so an event whose transaction commits late is returned later, never skipped.
   */
  async readAfter(cursor: LogCursor = LOG_START, limit = 500, executor: Db | Tx = this.db): Promise<StoredEvent[]> {
    const rows = await this.selectEvents(executor)
      .where(sql<boolean>`(transaction_id, global_position) > (${cursor.xid}::xid8, ${cursor.position}::bigint)`)
      .where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`)
      // Qualified on purpose: a bare name would sort by the text alias selected above, and "100001" sorts before "99999".
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .limit(limit)
      .execute();
    return rows.map((row) => this.upcast(row));
  }

  /** Events after `cursor` that are visible now: the size of a catch-up or rebuild. */
  async countAfter(cursor: LogCursor = LOG_START, executor: Db | Tx = this.db): Promise<number> {
    const row = await executor
      .selectFrom('events')
      .select(sql<number>`count(*)::bigint`.as('n'))
      .where(sql<boolean>`(transaction_id, global_position) > (${cursor.xid}::xid8, ${cursor.position}::bigint)`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The admin inspector: filter by stream, type, actor; page by global position. */
  async query(filter: EventQuery): Promise<StoredEvent[]> {
    let query = this.selectEvents(this.db);
    if (filter.stream) query = query.where('stream_id', '=', filter.stream);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.actor) query = query.where(sql<boolean>`metadata->>'actor' = ${filter.actor}`);
    if (filter.after !== undefined) query = query.where('global_position', '>', filter.after);
    const rows = await query.orderBy('global_position').limit(filter.limit).execute();
    return rows.map((row) => this.upcast(row));
  }

  async headPosition(executor: Db | Tx = this.db): Promise<number> {
    const row = await executor
      .selectFrom('events')
      .select(sql<number | null>`max(global_position)`.as('head'))
      .executeTakeFirst();
    return row?.head ?? 0;
  }

  private selectEvents(executor: Db | Tx) {
    return executor
      .selectFrom('events')
      .select([
        'global_position', sql<string>`transaction_id::text`.as('transaction_id'), 'stream_id', 'stream_version',
        'type', 'schema_version', 'data', 'metadata', sql<string>`event_id::text`.as('event_id'), 'recorded_at',
      ]);
  }

  private upcast(row: Omit<StoredEvent, 'metadata'> & { metadata: Record<string, unknown> }): StoredEvent {
    const schema = this.schemas[row.type];
    const event = { ...row, metadata: row.metadata as EventMetadata };
    if (!schema?.upcast || row.schema_version >= schema.current) return event;
    return { ...event, data: schema.upcast(row.data, row.schema_version), schema_version: schema.current };
  }
}
