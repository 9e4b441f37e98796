import type { LogCursor } from '../events/types';
import type { BusSubscription, EventBus, PublishedEvent } from './bus';

interface Subscriber {
  handler: (message: PublishedEvent) => Promise<void>;
  queue: PublishedEvent[];
  draining: boolean;
  stopped: boolean;
}

/** The embedded-mode bus: same port, delivered in memory; each subscriber drains its own queue in order. */
export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly subscribers = new Set<Subscriber>();
  private closed = false;

  async publish(batch: PublishedEvent[]): Promise<number> {
    // Nobody will ever read what a closed bus takes: the relay must not count it as published.
    if (this.closed) throw new Error('event bus is closed');
    for (const subscriber of this.subscribers) {
      subscriber.queue.push(...batch);
      void this.drain(subscriber);
    }
    return batch.length;
  }

  async subscribe(_consumer: string, handler: (message: PublishedEvent) => Promise<void>): Promise<BusSubscription> {
    const subscriber: Subscriber = { handler, queue: [], draining: false, stopped: false };
    this.subscribers.add(subscriber);
    return {
      stop: async () => {
        subscriber.stopped = true;
        this.subscribers.delete(subscriber);
      },
    };
  }

  /** Nothing is kept in memory, so there is no tail to compare with. */
  async lastPublished(): Promise<LogCursor | null> {
    return null;
  }

  async isHealthy(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const subscriber of this.subscribers) subscriber.stopped = true;
    this.subscribers.clear();
  }

  private async drain(subscriber: Subscriber): Promise<void> {
    if (subscriber.draining) return;
    subscriber.draining = true;
    try {
      while (!subscriber.stopped && subscriber.queue.length > 0) {
        const next = subscriber.queue.shift()!;
        // A failed handler loses nothing: the consumer re-reads the log on the next hole.
        await subscriber.handler(next).catch(() => undefined);
      }
    } finally {
      subscriber.draining = false;
    }
  }
}
