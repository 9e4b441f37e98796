import type { SignalBus } from '@stardeck/infra';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/services';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two processes' views of one bus (the same object in memory; two connections over NATS). */
export interface SignalBusesUnderTest {
  publisher: SignalBus;
  subscriber: SignalBus;
}

/**
 * What live pushes rely on: a signal published after subscribe() resolved reaches every
 * subscriber of its channel, as a copy, and nobody on another channel; after stop() nothing more.
 */
export function signalBusContract(name: string, start: () => Promise<SignalBusesUnderTest>): void {
  describe(`${name} signal bus contract`, () => {
    let buses: SignalBusesUnderTest | null = null;
    afterEach(async () => {
      await buses?.publisher.close();
      if (buses?.subscriber !== buses?.publisher) await buses?.subscriber.close();
      buses = null;
    });

    it('delivers to every subscriber of the channel, and to no other channel', async () => {
      buses = await start();
      const [first, second, elsewhere]: unknown[][] = [[], [], []];
      await buses.subscriber.subscribe('pushes', (payload) => first.push(payload));
      await buses.subscriber.subscribe('pushes', (payload) => second.push(payload));
      await buses.subscriber.subscribe('other', (payload) => elsewhere.push(payload));
      const sent = { user_id: 'u1', notification_id: null, note: 'Grüße ✓' };
      await buses.publisher.publish('pushes', sent);
      await waitFor(async () => first.length === 1 && second.length === 1, 5000, 10);
      expect(first).toEqual([sent]);
      expect(first[0]).not.toBe(sent);
      await sleep(50);
      expect(elsewhere).toEqual([]);
    });

    it('delivers nothing after stop()', async () => {
      buses = await start();
      const heard: unknown[] = [];
      const subscription = await buses.subscriber.subscribe('pushes', (payload) => heard.push(payload));
      await buses.publisher.publish('pushes', { n: 1 });
      await waitFor(async () => heard.length === 1, 5000, 10);
      await subscription.stop();
      await buses.publisher.publish('pushes', { n: 2 });
      await sleep(100);
      expect(heard).toEqual([{ n: 1 }]);
    });
  });
}
