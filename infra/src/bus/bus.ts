import type { LogCursor, StoredEvent } from '../events/types';

/** An event as it travels on the bus, with the cursor of the event published just before it. */
export interface PublishedEvent {
  event: StoredEvent;
  prev: LogCursor;
}

export interface BusSubscription {
  stop(): Promise<void>;
}

/**
 * The event bus port: a fast path from the relay to projectors. Never the source of truth;
 * consumers fall back to the Postgres log on a hole or silence.
 */
export interface EventBus {
  readonly kind: 'jetstream' | 'in-process';
  /** Publishes in order; resolves with how many leading events were acknowledged. Throws if none were. */
  publish(batch: PublishedEvent[]): Promise<number>;
  /** A named, durable subscription; the handler is called one event at a time, in order. */
  subscribe(consumer: string, handler: (message: PublishedEvent) => Promise<void>): Promise<BusSubscription>;
  /**
   * Cursor of the last event the bus holds, LOG_START if it never held one, null if it cannot
   * tell. The relay resumes from here: a broker that lost acknowledged messages in a crash gets
   * them again, and one that got them before the relay saved its cursor does not get them twice.
   */
  lastPublished(): Promise<LogCursor | null>;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** NATS subject of an event: `{prefix}.{category}.{Type}`. */
export function subjectFor(prefix: string, streamId: string, type: string): string {
  const dash = streamId.indexOf('-');
  const category = (dash === -1 ? streamId : streamId.slice(0, dash)).replace(/[^A-Za-z0-9_]/g, '_');
  return `${prefix}.${category}.${type}`;
}
