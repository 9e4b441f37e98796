import { randomUUID } from 'node:crypto';
import type { Lease, LockManager } from '@stardeck/infra';
import { afterEach, describe, expect, it } from 'vitest';

export interface LocksUnderTest {
  /** The manager a process holds. */
  locks: LockManager;
  /** Another claimant of the same keys: another process's manager where the adapter spans processes. */
  rival: LockManager;
  stop?(): Promise<void>;
}

const settled = (promise: Promise<unknown>, ms = 200) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/**
 * What the relay and the projection runners rely on from the locks: one holder per key at a time,
 * however many ask at once, a lease that says when it ends, and a release that frees the key for
 * the next claimant and for nobody else.
 */
export function lockContract(name: string, start: () => Promise<LocksUnderTest>): void {
  describe(`${name} lock contract`, () => {
    const held: Lease[] = [];
    let subject: LocksUnderTest | null = null;
    const setUp = async () => (subject = await start());
    const key = () => `contract-${randomUUID()}`;
    const acquire = async (locks: LockManager, k: string) => {
      const lease = await locks.tryAcquire(k);
      if (lease) held.push(lease);
      return lease;
    };
    afterEach(async () => {
      await Promise.all(held.splice(0).map((lease) => lease.release()));
      await subject?.stop?.();
      subject = null;
    });

    it('gives a key to one holder at a time, whoever else asks, and keys apart are apart', async () => {
      const { locks, rival } = await setUp();
      const k = key();
      const lease = await acquire(locks, k);
      expect(lease?.key).toBe(k);
      expect(await acquire(rival, k)).toBeNull();
      expect(await acquire(locks, k)).toBeNull();
      expect(await acquire(rival, key())).not.toBeNull();
      expect(await acquire(rival, k.toUpperCase())).not.toBeNull();
    });

    it('lets exactly one of many simultaneous claimants win', async () => {
      const { locks, rival } = await setUp();
      const k = key();
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => acquire(i % 2 ? rival : locks, k)));
      expect(results.filter((lease) => lease !== null)).toHaveLength(1);
    });

    it('ends the lease on release: lost settles and the next claimant gets the key', async () => {
      const { locks, rival } = await setUp();
      const k = key();
      const lease = (await acquire(locks, k))!;
      expect(await settled(lease.lost)).toBe(false);
      await lease.release();
      expect(await settled(lease.lost)).toBe(true);
      expect(await acquire(rival, k)).not.toBeNull();
    });

    it("never frees a key that has passed to someone else when an old lease is released again", async () => {
      const { locks, rival } = await setUp();
      const k = key();
      const old = (await acquire(locks, k))!;
      await old.release();
      const current = await acquire(rival, k);
      expect(current).not.toBeNull();
      await old.release();
      expect(await acquire(locks, k)).toBeNull();
      expect(await settled(current!.lost)).toBe(false);
    });
  });
}
