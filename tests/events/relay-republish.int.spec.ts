import { describe, expect, it } from 'vitest';
import { deleteJetStream, type BusSubscription, type EventBus, type PublishedEvent, type EventStore } from '@stardeck/infra';
import { streamMessageCount } from '../support/jetstream';
import { appendMixed, expectStreamEqualsLog, useRelayWorld } from '../support/relay-world';
import { wholeLog } from '../support/stats-events';
import { TEST_NATS_URL, waitFor } from '../support/services';

const { setup } = useRelayWorld();

async function relayCheckpoint(store: EventStore): Promise<number | null> {
  const row = await store.db.selectFrom('relay_state').select('last_position').executeTakeFirst();
  return row?.last_position ?? null;
}

/**
 * A real JetStream bus whose `loseOn`-th publish stores the whole batch but reports only its first
 * `kept` messages acknowledged (the answers for the rest were lost, as in a connection drop or a
 * timeout), and whose next publish waits until the test lets it through.
 */
class AckLosingBus implements EventBus {
  readonly kind = 'jetstream' as const;
  private calls = 0;
  release = () => {};
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));

  constructor(private readonly inner: EventBus, private readonly loseOn: number, private readonly kept: number) {}

  async publish(batch: PublishedEvent[]): Promise<number> {
    const call = ++this.calls;
    if (call === this.loseOn) {
      expect(await this.inner.publish(batch)).toBe(batch.length);
      return this.kept;
    }
    if (call === this.loseOn + 1) await this.gate;
    return this.inner.publish(batch);
  }

  subscribe(consumer: string, handler: (message: PublishedEvent) => Promise<void>): Promise<BusSubscription> {
    return this.inner.subscribe(consumer, handler);
  }
  lastPublished() {
    return this.inner.lastPublished();
  }
  isHealthy() {
    return this.inner.isHealthy();
  }
  close() {
    return this.inner.close();
  }
}

describe('relay catching up', () => {
  it('republishes the whole log, in order and once each, into a stream that was deleted', async () => {
    const { store, stream, newRelay } = await setup();
    newRelay().start();
    await appendMixed(store, 2500, 5);
    await waitFor(async () => (await streamMessageCount(TEST_NATS_URL, stream.stream)) === 2500, 30_000);

    await deleteJetStream(TEST_NATS_URL, stream.stream);
    // The next event finds the stream gone: the relay makes it again and fills it from the start.
    await appendMixed(store, 20);

    const log = await expectStreamEqualsLog(TEST_NATS_URL, stream, store);
    expect(log).toHaveLength(2520);
    await waitFor(async () => (await relayCheckpoint(store)) === log.at(-1)!.global_position);
  });

  it('never saves its checkpoint past an unacknowledged event, and publishes nothing twice when it sends those events again', async () => {
    const { store, stream, newBus, newRelay } = await setup();
    await appendMixed(store, 350);
    const log = await wholeLog(store);
    // The second batch (events 101–200) is stored, but only its first 40 acknowledgements arrive.
    const bus = new AckLosingBus(newBus(), 2, 40);
    newRelay({ batchSize: 100 }, bus).start();

    await waitFor(async () => (await relayCheckpoint(store)) === log[139]!.global_position);
    expect(await streamMessageCount(TEST_NATS_URL, stream.stream)).toBe(200);
    // Held at its next publish, the relay must not move the checkpoint on.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await relayCheckpoint(store)).toBe(log[139]!.global_position);

    // It sends events 141 onwards again: those already stored are recognised by their message id.
    bus.release();
    expect(await expectStreamEqualsLog(TEST_NATS_URL, stream, store)).toHaveLength(350);
    await appendMixed(store, 10);
    const whole = await expectStreamEqualsLog(TEST_NATS_URL, stream, store);
    await waitFor(async () => (await relayCheckpoint(store)) === whole.at(-1)!.global_position);
  });
});
