import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/connect';
import { appendConflicts, eventsAppended } from '../metrics';
import { appendBound, selectEvents, selectOfTypes, takeAppenderLock } from './log-reads';
import { redactPayload, type EventSchemas } from './redaction';
import {
  ConcurrencyError, LOG_START, type EventMetadata, type LogCursor, type NewEvent, type StoredEvent,
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

/**
 * Reads that return secret payload fields as stored. Only the write side uses them: deciders
 * folding a stream inside the writing transaction, and inline projections rebuilding their read
 * model from the log. Every other reader (relay, async projections, inspector) goes through the
 * store's own read methods, which redact.
 */
export interface SecretRevealingReads {
  readStream(streamId: string, executor: Db | Tx): Promise<StoredEvent[]>;
  /** As EventStore.readAfter; with `types`, only events of those types (a rebuild's shadow reads no others). */
  readAfter(cursor: LogCursor, limit: number, executor: Db | Tx, types?: readonly string[]): Promise<StoredEvent[]>;
  /**
   * Every committed event of `types` after `cursor`, in log order, without holding back for
   * transactions still in flight: only for an inline read model's rebuild, which has locked out
   * the writers it cares about.
   */
  readCommitted(executor: Db | Tx, cursor: LogCursor, limit: number, types: readonly string[]): Promise<StoredEvent[]>;
}

type SecretFields = 'redacted' | 'revealed';

interface InsertedRow { global_position: number; transaction_id: string; recorded_at: Date; event_id: string }
interface NewRow {
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  meta: EventMetadata;
  event_id: string;
}

const UNIQUE_VIOLATION = '23505';

/**
 * The append-only event log in Postgres. Writers append inside a transaction together with their
 * inline projections; readers see events in commit-safe order and never skip one whose
 * transaction commits late.
 */
export class EventStore {
  private readonly committedListeners = new Set<() => void>();
  /** Transactions opened by `transaction()`, which took the appender lock first: the only ones that may append. */
  private readonly appenders = new WeakSet<Tx>();

  /** The explicit opt-in to secret fields: see SecretRevealingReads for who may use it. */
  readonly withSecrets: SecretRevealingReads = {
    readStream: (streamId, executor) => this.selectStream(streamId, executor, 'revealed'),
    readAfter: (cursor, limit, executor, types) => this.selectAfter(cursor, limit, executor, 'revealed', types),
    readCommitted: (executor, cursor, limit, types) => this.selectCommitted(executor, cursor, limit, types),
  };

  constructor(
    readonly db: Db,
    private readonly schemas: EventSchemas = {},
  ) {}

  /**
   * Runs `work` in one transaction; everything it appends and writes commits or rolls back
   * together. Listeners (the relay) are woken after commit.
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute(async (tx) => {
      // First, before anything gives this transaction an id: readers wait only for appenders.
      await sql`select ${takeAppenderLock}`.execute(tx);
      this.appenders.add(tx);
      return work(tx);
    });
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
    this.assertAppender(tx);
    if (expected !== 'any') return this.insert(tx, streamId, expected, events, metadata);
    await this.lockStream(tx, streamId);
    return this.insert(tx, streamId, await this.streamVersion(tx, streamId), events, metadata);
  }

  /**
   * Many streams' appends in one statement, for writers that make events in bulk (a generated
   * history): each stream's events continue from its expected version, in the order given. There
   * is no read before the write: a stream another writer moved meanwhile collides on the unique
   * (stream_id, stream_version) index, and the whole batch fails with ConcurrencyError.
   */
  async appendBatch(tx: Tx, appends: readonly { streamId: string; expected: number; events: NewEvent[]; metadata: EventMetadata }[]): Promise<StoredEvent[][]> {
    this.assertAppender(tx);
    const next = new Map<string, number>();
    const rows = appends.map((append) => {
      if (append.events.length === 0) throw new Error('append needs at least one event');
      const continues = next.get(append.streamId);
      if (continues !== undefined && continues !== append.expected) throw new Error(`${append.streamId}: appends of one stream in a batch must follow each other`);
      next.set(append.streamId, append.expected + append.events.length);
      return this.rowsOf(append.streamId, append.expected, append.events, append.metadata);
    });
    const flat = rows.flat();
    const values = sql.join(flat.map((r) =>
      sql`(${r.stream_id}, ${r.stream_version}::int, ${r.type}, ${r.schema_version}::int, ${r.data}::jsonb, ${r.metadata}::jsonb, ${r.event_id}::uuid)`));
    let inserted: InsertedRow[];
    try {
      inserted = (await sql<InsertedRow>`
        INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
        VALUES ${values}
        RETURNING global_position, transaction_id::text AS transaction_id, recorded_at, event_id::text AS event_id`.execute(tx)).rows;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      appendConflicts.inc();
      throw new ConcurrencyError(appends[0]!.streamId, appends[0]!.expected, null);
    }
    for (const row of flat) eventsAppended.inc({ type: row.type });
    const byId = new Map(inserted.map((row) => [row.event_id, row]));
    return rows.map((streamRows, i) => streamRows.map((row, n) => this.stored(row, appends[i]!.events[n]!, byId.get(row.event_id)!)));
  }

  /**
   * A transaction that did not take the appender lock before it got its id could commit events
   * below a reader's bound after the reader moved past them: refuse it rather than lose events.
   */
  private assertAppender(tx: Tx): void {
    if (!this.appenders.has(tx)) throw new Error('events are appended only inside EventStore.transaction(), which marks the transaction as an appender first');
  }

  /**
   * Holds the stream until the transaction ends: writers that take it before reading the stream
   * decide one after another instead of racing to a ConcurrencyError.
   */
  async lockStream(tx: Tx, streamId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${streamId}, 0))`.execute(tx);
  }

  /**
   * Inserts the events as versions expected+1… only if the stream is still at `expected`: the
   * check and the write are one statement. Two writers that both saw `expected` collide on the
   * unique (stream_id, stream_version) index; the loser gets ConcurrencyError.
   */
  private async insert(executor: Db | Tx, streamId: string, expected: number, events: NewEvent[], metadata: EventMetadata): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const rows = this.rowsOf(streamId, expected, events, metadata);
    const values = sql.join(rows.map((r) =>
      sql`(${r.stream_id}, ${r.stream_version}::int, ${r.type}, ${r.schema_version}::int, ${r.data}::jsonb, ${r.metadata}::jsonb, ${r.event_id}::uuid)`));
    let inserted: InsertedRow[];
    try {
      // A standalone append is its own transaction: the lock is taken (the joined row is needed
      // before any row is inserted) before the insert gives the transaction its id.
      inserted = (await sql<InsertedRow>`
        WITH appender AS MATERIALIZED (SELECT ${takeAppenderLock})
        INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
        SELECT v.* FROM (VALUES ${values}) AS v(stream_id, stream_version, type, schema_version, data, metadata, event_id), appender
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
    return { nextVersion: expected + events.length, events: rows.map((row, i) => this.stored(row, events[i]!, byId.get(row.event_id)!)) };
  }

  /** The rows of one stream's append: versions expected+1…, ids, schema versions and the chain's correlation id. */
  private rowsOf(streamId: string, expected: number, events: NewEvent[], metadata: EventMetadata): NewRow[] {
    const ids = events.map((event) => event.event_id ?? randomUUID());
    // Every event belongs to a chain: the request that started it, or else this append itself.
    const meta: EventMetadata = { ...metadata, correlation_id: metadata.correlation_id ?? metadata.request_id ?? ids[0]! };
    return events.map((event, i) => ({
      stream_id: streamId,
      stream_version: expected + i + 1,
      type: event.type,
      schema_version: event.schema_version ?? this.schemas[event.type]?.current ?? 1,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(meta),
      meta,
      event_id: ids[i]!,
    }));
  }

  private stored(row: NewRow, event: NewEvent, inserted: InsertedRow): StoredEvent {
    const { meta, ...columns } = row;
    return {
      ...columns,
      data: event.data as Record<string, unknown>,
      metadata: meta,
      global_position: inserted.global_position,
      transaction_id: inserted.transaction_id,
      recorded_at: inserted.recorded_at,
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

  /** One stream in version order, secret fields redacted. */
  async readStream(streamId: string, executor: Db | Tx = this.db): Promise<StoredEvent[]> {
    return this.selectStream(streamId, executor, 'redacted');
  }

  /**
   * Events after `cursor` in commit-safe order, secret fields redacted: what the relay publishes
   * and async projections apply. Only transactions older than the oldest appender still in flight
   * are visible, so an event whose transaction commits late is returned later, never skipped.
   */
  async readAfter(cursor: LogCursor = LOG_START, limit = 500, executor: Db | Tx = this.db, types?: readonly string[]): Promise<StoredEvent[]> {
    return this.selectAfter(cursor, limit, executor, 'redacted', types);
  }

  private async selectStream(streamId: string, executor: Db | Tx, secrets: SecretFields): Promise<StoredEvent[]> {
    const rows = await selectEvents(executor).where('stream_id', '=', streamId).orderBy('stream_version').execute();
    return rows.map((row) => this.toStored(row, secrets));
  }

  private async selectAfter(cursor: LogCursor, limit: number, executor: Db | Tx, secrets: SecretFields, types?: readonly string[]): Promise<StoredEvent[]> {
    if (types && types.length === 0) return [];
    const bound = await appendBound(executor);
    if (types) return (await selectOfTypes(executor, cursor, limit, types, bound)).map((row) => this.toStored(row, secrets));
    const rows = await selectEvents(executor)
      .where(sql<boolean>`(transaction_id, global_position) > (${cursor.xid}::xid8, ${cursor.position}::bigint)`)
      .where(sql<boolean>`transaction_id < ${bound}::xid8`)
      // Implied by the cursor's row comparison; it lets the planner see how little lies past the cursor.
      .where(sql<boolean>`transaction_id >= ${cursor.xid}::xid8`)
      // Qualified on purpose: a bare name would sort by the text alias selected above, and "100001" sorts before "99999".
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .limit(limit)
      .execute();
    return rows.map((row) => this.toStored(row, secrets));
  }

  private async selectCommitted(executor: Db | Tx, cursor: LogCursor, limit: number, types: readonly string[]): Promise<StoredEvent[]> {
    if (types.length === 0) return [];
    return (await selectOfTypes(executor, cursor, limit, types, null)).map((row) => this.toStored(row, 'revealed'));
  }

  async countCommitted(executor: Db | Tx, types: readonly string[]): Promise<number> {
    if (types.length === 0) return 0;
    const row = await executor.selectFrom('events').select(sql<number>`count(*)::bigint`.as('n')).where('type', 'in', types).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Events after `cursor` that are visible now: the size of a catch-up or rebuild. */
  async countAfter(cursor: LogCursor = LOG_START, executor: Db | Tx = this.db): Promise<number> {
    const row = await executor
      .selectFrom('events')
      .select(sql<number>`count(*)::bigint`.as('n'))
      .where(sql<boolean>`(transaction_id, global_position) > (${cursor.xid}::xid8, ${cursor.position}::bigint)`)
      // Implied by the line above, but the planner estimates a row comparison poorly: without it a
      // lag count near the head scanned the whole log (0.3 s at 10^6 events, several a second).
      .where(sql<boolean>`transaction_id >= ${cursor.xid}::xid8`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The admin inspector: filter by stream, type, actor; page by global position. Secret fields are redacted. */
  async query(filter: EventQuery): Promise<StoredEvent[]> {
    let query = selectEvents(this.db);
    if (filter.stream) query = query.where('stream_id', '=', filter.stream);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.actor) query = query.where(sql<boolean>`metadata->>'actor' = ${filter.actor}`);
    if (filter.after !== undefined) query = query.where('global_position', '>', filter.after);
    const rows = await query.orderBy('global_position').limit(filter.limit).execute();
    return rows.map((row) => this.toStored(row, 'redacted'));
  }

  /**
   * A row read from `events` by someone else's query (the admin inspector's filters), as every
   * reader but the write side sees it: upcast, secret fields redacted.
   */
  redacted(row: Omit<StoredEvent, 'metadata'> & { metadata: Record<string, unknown> }): StoredEvent {
    return this.toStored(row, 'redacted');
  }

  async headPosition(executor: Db | Tx = this.db): Promise<number> {
    const row = await executor
      .selectFrom('events')
      .select(sql<number | null>`max(global_position)`.as('head'))
      .executeTakeFirst();
    return row?.head ?? 0;
  }

  /** Lifts an old payload to the current schema, then redacts by the current schema's secret fields. */
  private toStored(row: Omit<StoredEvent, 'metadata'> & { metadata: Record<string, unknown> }, secrets: SecretFields): StoredEvent {
    const schema = this.schemas[row.type];
    const current = schema?.upcast && row.schema_version < schema.current
      ? { data: schema.upcast(row.data, row.schema_version), schema_version: schema.current }
      : { data: row.data, schema_version: row.schema_version };
    const data = secrets === 'revealed' ? current.data : redactPayload(this.schemas, row.type, current.data);
    return { ...row, ...current, data, metadata: row.metadata as EventMetadata };
  }
}
