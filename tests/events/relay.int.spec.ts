import { describe, expect, it } from 'vitest';
import { streamMessageCount } from '../support/jetstream';
import { wholeLog } from '../support/stats-events';
import { startOwnNatsServer } from '../support/nats-server';
import { appendMixed, expectStreamEqualsLog, useRelayWorld } from '../support/relay-world';
import { TEST_NATS_URL, waitFor } from '../support/services';

const { setup, onCleanup } = useRelayWorld();

describe('relay', () => {
  it('publishes every committed event once, in order, with its id, subject and predecessor', async () => {
    const { store, stream, newRelay } = await setup();
    await appendMixed(store, 120);
    const relay = newRelay();
    relay.start();
    await Promise.all([appendMixed(store, 150, 3), appendMixed(store, 90)]);
    const log = await expectStreamEqualsLog(TEST_NATS_URL, stream, store);
    expect(log).toHaveLength(360);
  });

  it('runs one active relay at a time; a standby takes over when the leader stops, without duplicates or gaps', async () => {
    const { store, stream, newRelay } = await setup();
    const first = newRelay();
    const second = newRelay();
    first.start();
    await waitFor(async () => first.isLeader);
    second.start();
    await appendMixed(store, 100, 2);
    await waitFor(async () => (await streamMessageCount(TEST_NATS_URL, stream.stream)) === 100);
    expect([first.isLeader, second.isLeader]).toEqual([true, false]);

    const moreWhileFailingOver = appendMixed(store, 200);
    await first.stop();
    await waitFor(async () => second.isLeader);
    await moreWhileFailingOver;
    await appendMixed(store, 50, 5);

    const log = await expectStreamEqualsLog(TEST_NATS_URL, stream, store);
    expect(log).toHaveLength(350);
  });

  it('keeps accepting appends while NATS is down and publishes everything exactly once after it returns', async () => {
    const nats = await startOwnNatsServer();
    onCleanup(() => nats.dispose());
    const { store, stream, newRelay } = await setup(nats.url);
    const relay = newRelay();
    relay.start();

    const total = 2000;
    let appended = 0;
    let appendedWhileDown = 0;
    let natsDown = false;
    let killed: Promise<void> | null = null;
    const appender = async () => {
      while (appended < total) {
        appended++;
        await appendMixed(store, 1);
        if (natsDown) appendedWhileDown++;
        if (appended >= total / 3 && !killed) killed = nats.kill().then(() => void (natsDown = true));
      }
    };
    await Promise.all(Array.from({ length: 10 }, appender));
    await killed;

    // Every append committed while the broker was gone: the write path never waits for NATS.
    expect(appendedWhileDown).toBeGreaterThan(total / 3);
    expect((await wholeLog(store)).length).toBe(total);

    await nats.restart();
    await expectStreamEqualsLog(nats.url, stream, store);
  });

  it('republishes events the broker acknowledged and then lost in a crash, in order', async () => {
    const nats = await startOwnNatsServer();
    onCleanup(() => nats.dispose());
    const { store, stream, newRelay } = await setup(nats.url);
    const relay = newRelay();
    relay.start();
    await appendMixed(store, 100);
    await waitFor(async () => (await streamMessageCount(nats.url, stream.stream)) === 100);

    await nats.kill();
    const loseLaterWrites = nats.snapshotStorage();
    await nats.restart();
    await appendMixed(store, 100, 4);
    await waitFor(async () => (await streamMessageCount(nats.url, stream.stream)) === 200);

    // The broker comes back without the last 100 messages it had acknowledged.
    await nats.kill();
    loseLaterWrites();
    await nats.restart();
    await appendMixed(store, 50);

    const log = await expectStreamEqualsLog(nats.url, stream, store);
    expect(log).toHaveLength(250);
  });
});
