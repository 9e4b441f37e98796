export interface EventMetadata {
  /** User id of whoever caused the event, or 'system'. */
  actor: string;
  request_id?: string;
  correlation_id?: string;
  causation_id?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  type: string;
  data: object;
  /** Defaults to the current version of this event type. */
  schema_version?: number;
  event_id?: string;
}

export interface StoredEvent {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  event_id: string;
  recorded_at: Date;
}

/** A position in the log's commit-safe order: (transaction id, global position). */
export interface LogCursor {
  xid: string;
  position: number;
}

export const LOG_START: LogCursor = { xid: '0', position: 0 };

export function cursorOf(event: Pick<StoredEvent, 'transaction_id' | 'global_position'>): LogCursor {
  return { xid: event.transaction_id, position: event.global_position };
}

/** Total order of the log: transaction id first, then position within it. */
export function compareCursors(a: LogCursor, b: LogCursor): number {
  const ax = BigInt(a.xid);
  const bx = BigInt(b.xid);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.position - b.position;
}

/** Stale expected version: the stream moved on since the caller read it. Maps to HTTP 409. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number | null,
  ) {
    super(`stream ${streamId} is at version ${actual ?? 'unknown'}, expected ${expected}`);
    this.name = 'ConcurrencyError';
  }
}

/** Turns an old payload into the current shape; called for every schema_version below the current one. */
export type Upcaster = (data: Record<string, unknown>, fromVersion: number) => Record<string, unknown>;

/**
 * How the log treats one event type. `secret` names the payload fields that never leave the write
 * side (password hashes, invite keys, tokens, signed URLs): the bus, the inspector and async
 * projections get them redacted. It is required, so a new event type cannot be added without
 * deciding; `[]` says the payload holds no secret.
 */
export interface EventSchema<Field extends string = string> {
  current: number;
  upcast?: Upcaster;
  secret: readonly Field[];
}

/** What a redacted secret field holds instead of its value. */
export const REDACTED = '[redacted]';
