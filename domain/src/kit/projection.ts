import type { DomainEvent, DomainEventType } from '@stardeck/contracts';
import type { Database, Db, StoredEvent, Tx } from '@stardeck/infra';

/** The event of one type, as the log stored it: typed payload plus the log's own facts. */
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export interface ProjectedEvent<T extends DomainEventType> {
  type: T;
  data: EventOf<T>['data'];
  stream_id: string;
  stream_version: number;
  global_position: number;
  /** With global_position, the event's place in the log's order (see LogCursor). */
  transaction_id: string;
  recorded_at: Date;
  metadata: StoredEvent['metadata'];
  event_id: string;
}

/** Any one of the events of types T, discriminated by `type`. */
export type AnyProjectedEvent<T extends DomainEventType> = { [K in T]: ProjectedEvent<K> }[T];

/** One handler per handled event type; the mapped type makes a forgotten type a compile error. */
export type ProjectionHandlers<T extends DomainEventType> = {
  [K in T]: (event: ProjectedEvent<K>, tx: Tx) => Promise<void>;
};

/**
 * A read model built from the log. Inline projections are written in the transaction that
 * appends their events (state a write must see at once: unique names, limits, ownership); async
 * ones are applied by the projector from the bus and the log. Both have the same shape, and both
 * can be emptied and rebuilt from the log.
 */
export interface Projection {
  readonly name: string;
  readonly kind: 'inline' | 'async';
  /** Event types it applies; the runner hands it nothing else. */
  readonly handles: readonly string[];
  /** The tables this projection alone writes: emptied by reset, compared by rebuild checks. */
  readonly tables: readonly (keyof Database)[];
  apply(event: StoredEvent, tx: Tx): Promise<void>;
  /**
   * Applies many events, in log order, with set-based statements: what a rebuild's batches use.
   * The result must equal applying each handled event in turn. Without it, events go one by one.
   */
  readonly applyMany?: (events: readonly StoredEvent[], tx: Tx) => Promise<void>;
  reset(tx: Tx): Promise<void>;
  /**
   * Outboxes only (see defineOutbox): sends one event out, outside any transaction. The runner
   * calls this instead of `apply`.
   */
  readonly deliver?: (event: StoredEvent, step: OutboxStep) => Promise<void>;
}

/** What an outbox handler works with for one event. */
export interface OutboxStep {
  /** For reads before the send; no transaction is open, so a slow send holds no connection. */
  db: Db | Tx;
  /**
   * Records the send and moves the checkpoint past this event, in one transaction, once the send
   * succeeded. A handler that has nothing to send does not call it.
   */
  commit(record: (tx: Tx) => Promise<void>): Promise<void>;
}

export interface ProjectionDefinition<T extends DomainEventType> {
  name: string;
  kind: 'inline' | 'async';
  tables: readonly (keyof Database)[];
  handlers: ProjectionHandlers<T>;
  /** Defaults to deleting every row of `tables`. */
  reset?: (tx: Tx) => Promise<void>;
  /** See Projection.applyMany; given only events of the handled types. */
  applyMany?: (events: readonly AnyProjectedEvent<T>[], tx: Tx) => Promise<void>;
}

/**
 * The one place a stored event becomes a typed one: the log is written only through deciders
 * whose events are typed, so the payload of a stored event of type T is T's payload.
 */
function typed<T extends DomainEventType>(event: StoredEvent): ProjectedEvent<T> {
  return event as unknown as ProjectedEvent<T>;
}

export function defineProjection<T extends DomainEventType>(definition: ProjectionDefinition<T>): Projection {
  const handles = Object.keys(definition.handlers) as T[];
  type AnyHandler = (event: ProjectedEvent<T>, tx: Tx) => Promise<void>;
  const handlerOf = (type: string) => (definition.handlers as unknown as Record<string, AnyHandler | undefined>)[type];
  return {
    name: definition.name,
    kind: definition.kind,
    handles,
    tables: definition.tables,
    async apply(event, tx) {
      const handler = handlerOf(event.type);
      if (!handler) throw new Error(`projection ${definition.name} does not handle ${event.type}`);
      await handler(typed<T>(event), tx);
    },
    reset: definition.reset ?? (async (tx) => {
      for (const table of definition.tables) await tx.deleteFrom(table).execute();
    }),
    ...(definition.applyMany ? { applyMany: (events, tx) => definition.applyMany!(events.filter((e) => handles.includes(e.type as T)).map((e) => typed<T>(e) as AnyProjectedEvent<T>), tx) } : {}),
  };
}

/** An apply that failed, with the event it failed on when one can be named. */
export class ProjectionApplyError extends Error {
  constructor(readonly projection: string, readonly position: number | null, cause: unknown) {
    super(`${projection} failed${position === null ? '' : ` at event ${position}`}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ProjectionApplyError';
  }
}

/**
 * Applies a run of events the fastest way the projection offers: its set-based applyMany, or
 * else each handled event in turn. A failure names the event it happened at (the batch's first
 * when a set-based statement failed).
 */
export async function applyEvents(projection: Projection, events: readonly StoredEvent[], tx: Tx): Promise<void> {
  if (projection.applyMany) {
    try {
      await projection.applyMany(events, tx);
    } catch (error) {
      throw new ProjectionApplyError(projection.name, events[0]?.global_position ?? null, error);
    }
    return;
  }
  for (const event of events) {
    if (!projection.handles.includes(event.type)) continue;
    try {
      await projection.apply(event, tx);
    } catch (error) {
      throw new ProjectionApplyError(projection.name, event.global_position, error);
    }
  }
}

/** Applies freshly appended events to an inline projection, skipping types it does not handle. */
export async function applyInline(projection: Projection, tx: Tx, events: readonly StoredEvent[]): Promise<void> {
  for (const event of events) {
    if (projection.handles.includes(event.type)) await projection.apply(event, tx);
  }
}

/** One handler per handled event type, as for projections, each given the outbox step. */
export type OutboxHandlers<T extends DomainEventType> = {
  [K in T]: (event: ProjectedEvent<K>, step: OutboxStep) => Promise<void>;
};

export interface OutboxDefinition<T extends DomainEventType> {
  name: string;
  handlers: OutboxHandlers<T>;
}

/**
 * A projection that sends work out (mail, pushes) instead of writing a read model. Each event is
 * sent outside any transaction, then its record and the checkpoint commit together, one event at
 * a time: a failure later in a batch never rolls back the record of a send already made, and a
 * slow mail server never holds a database connection (on the embedded database, the only one).
 *
 * It owns no table that a rebuild empties: what it records is what keeps a replay from sending
 * again.
 */
export function defineOutbox<T extends DomainEventType>(definition: OutboxDefinition<T>): Projection {
  const handles = Object.keys(definition.handlers) as T[];
  type AnyHandler = (event: ProjectedEvent<T>, step: OutboxStep) => Promise<void>;
  const handlerOf = (type: string) => (definition.handlers as unknown as Record<string, AnyHandler | undefined>)[type];
  const deliver = async (event: StoredEvent, step: OutboxStep) => {
    const handler = handlerOf(event.type);
    if (!handler) throw new Error(`outbox ${definition.name} does not handle ${event.type}`);
    await handler(typed<T>(event), step);
  };
  return {
    name: definition.name,
    kind: 'async',
    handles,
    tables: [],
    deliver,
    // A runner that knows only `apply` still gets every effect, all inside its transaction.
    apply: (event, tx) => deliver(event, { db: tx, commit: (record) => record(tx) }),
    reset: async () => {},
  };
}
