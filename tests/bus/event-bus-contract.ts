import { randomUUID } from 'node:crypto';
import { LOG_START, cursorOf, type EventBus, type PublishedEvent, type StoredEvent } from '@stardeck/infra';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/services';

/** A fresh bus on a stream of its own; `stop` removes what it made. */
export interface BusUnderTest {
  bus: EventBus;
  stop?(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = (check: () => boolean, timeoutMs = 15_000) => waitFor(async () => check(), timeoutMs, 20);

/** Consecutive log events, each carrying the cursor of the one before, as the relay publishes them. */
function logEvents(count: number, from = 1): PublishedEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const position = from + i;
    const event: StoredEvent = {
      global_position: position, transaction_id: String(1000 + position), stream_id: `contract-${position}`, stream_version: 1,
      type: 'AccessRequested', schema_version: 1, data: { request_id: `r${position}`, note: 'Grüße ✓' }, metadata: { actor: 'system' },
      event_id: randomUUID(), recorded_at: new Date(Date.UTC(2026, 0, 1, 0, 0, position)),
    };
    const prev = position === 1 ? LOG_START : { xid: String(999 + position), position: position - 1 };
    return { event, prev };
  });
}

/**
 * What the relay and the projection runners rely on from the bus: every subscriber gets every
 * event published after it subscribed, in order, one at a time, with the cursor before it; a
 * failing handler does not stop the stream; stop and close mean it.
 */
export function eventBusContract(name: string, start: () => Promise<BusUnderTest>): void {
  describe(`${name} event bus contract`, () => {
    let subject: BusUnderTest | null = null;
    const setUp = async () => (subject = await start());
    afterEach(async () => {
      await subject?.bus.close();
      await subject?.stop?.();
      subject = null;
    });

    it('brings every event published after subscribe to every subscriber, in order, as published', async () => {
      const { bus } = await setUp();
      const a: PublishedEvent[] = [];
      const b: PublishedEvent[] = [];
      await bus.subscribe('contract_a', async (message) => void a.push(message));
      await bus.subscribe('contract_b', async (message) => void b.push(message));
      const first = logEvents(3);
      const second = logEvents(4, 4);
      expect(await bus.publish(first)).toBe(3);
      expect(await bus.publish(second)).toBe(4);
      await until(() => a.length === 7 && b.length === 7);
      expect(a).toEqual([...first, ...second]);
      expect(b).toEqual([...first, ...second]);
    });

    it('hands a subscriber one event at a time, and goes on after a handler fails', async () => {
      const { bus } = await setUp();
      let running = 0;
      let overlapped = false;
      const handled: number[] = [];
      await bus.subscribe('contract_serial', async ({ event }) => {
        running++;
        overlapped ||= running > 1;
        await sleep(20);
        running--;
        handled.push(event.global_position);
        if (event.global_position === 2) throw new Error('handler failed');
      });
      await bus.publish(logEvents(5));
      await until(() => [3, 4, 5].every((p) => handled.includes(p)));
      expect(overlapped).toBe(false);
      expect(handled.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    });

    it('stops delivering to a stopped subscription, and only to it', async () => {
      const { bus } = await setUp();
      const stopped: number[] = [];
      const live: number[] = [];
      const subscription = await bus.subscribe('contract_stopped', async ({ event }) => void stopped.push(event.global_position));
      await bus.subscribe('contract_live', async ({ event }) => void live.push(event.global_position));
      await bus.publish(logEvents(1));
      await until(() => stopped.length === 1 && live.length === 1);
      await subscription.stop();
      await bus.publish(logEvents(2, 2));
      await until(() => live.length === 3);
      await sleep(300);
      expect(stopped).toEqual([1]);
    });

    it('tells where it ends, or that it cannot tell', async () => {
      const { bus } = await setUp();
      const events = logEvents(3);
      await bus.publish(events);
      const last = await bus.lastPublished();
      if (last !== null) expect(last).toEqual(cursorOf(events[2]!.event));
    });

    it('is healthy while open; once closed it is not, and refuses to publish', async () => {
      const { bus } = await setUp();
      expect(await bus.isHealthy()).toBe(true);
      await bus.close();
      expect(await bus.isHealthy()).toBe(false);
      await expect(bus.publish(logEvents(1))).rejects.toThrow();
    });
  });
}
