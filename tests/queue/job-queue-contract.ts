import type { JobQueue } from '@stardeck/infra';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/services';

export interface QueueSettings {
  maxAttempts: number;
  retryDelayMs: number;
  /** How long a job may go without a heartbeat before another consumer gets it (where the adapter has one). */
  ackWaitMs: number;
}

/** A fresh, empty queue of its own for each test. */
export type StartQueue = <T>(settings: QueueSettings) => Promise<JobQueue<T>>;

const DEFAULTS: QueueSettings = { maxAttempts: 3, retryDelayMs: 50, ackWaitMs: 1_500 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = (check: () => boolean, timeoutMs = 15_000) => waitFor(async () => check(), timeoutMs, 20);

/**
 * What the transcoder and the dispatcher rely on from a job queue, whichever adapter runs it:
 * each job once, in order, retried on failure, given up on once, deduplicated by id, kept while
 * a long job runs, and handed on when its consumer stops.
 */
export function jobQueueContract(name: string, start: StartQueue, adapterSettings: Partial<QueueSettings> = {}): void {
  const SETTINGS = { ...DEFAULTS, ...adapterSettings };
  describe(`${name} job queue contract`, () => {
    const open: JobQueue<unknown>[] = [];
    const queue = async <T>() => {
      const q = await start<T>(SETTINGS);
      open.push(q as JobQueue<unknown>);
      return q;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((q) => q.close()));
    });

    it('keeps jobs enqueued before anyone consumes, and hands them out in the order they came', async () => {
      const q = await queue<{ n: number }>();
      for (let n = 0; n < 10; n++) await q.enqueue(`job-${n}`, { n });
      const seen: number[] = [];
      await q.consume(async (job) => void seen.push(job.n));
      await until(() => seen.length === 10);
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it('delivers a job as its JSON: what a consumer gets is what another process would get', async () => {
      const q = await queue<Record<string, unknown>>();
      const got: unknown[] = [];
      await q.consume(async (job) => void got.push(job));
      await q.enqueue('shaped', { at: new Date('2026-01-02T03:04:05Z'), gone: undefined, list: [1, 'two'], nested: { ok: true } });
      await until(() => got.length === 1);
      expect(got[0]).toStrictEqual({ at: '2026-01-02T03:04:05.000Z', list: [1, 'two'], nested: { ok: true } });
    });

    it('runs a job enqueued twice under the same id once, and a finished job never again', async () => {
      const q = await queue<{ n: number }>();
      const seen: number[] = [];
      await q.consume(async (job) => void seen.push(job.n));
      await q.enqueue('same', { n: 1 });
      await q.enqueue('same', { n: 2 });
      await q.enqueue('other', { n: 3 });
      await until(() => seen.length === 2);
      await sleep(SETTINGS.ackWaitMs + 500);
      expect(seen).toEqual([1, 3]);
    });

    it('runs a job that throws again, counting attempts, until it succeeds', async () => {
      const q = await queue<{ n: number }>();
      const attempts: number[] = [];
      await q.consume(async (_job, context) => {
        attempts.push(context.attempt);
        if (context.attempt < 3) throw new Error('not yet');
      }, { onGiveUp: async () => void attempts.push(-1) });
      await q.enqueue('flaky', { n: 1 });
      await until(() => attempts.length === 3);
      await sleep(SETTINGS.ackWaitMs);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('gives up after the last attempt: onGiveUp once, with the last error, and the job is gone', async () => {
      const q = await queue<{ n: number }>();
      const attempts: number[] = [];
      const gaveUp: [number, string][] = [];
      await q.consume(async (_job, context) => {
        attempts.push(context.attempt);
        throw new Error(`failed attempt ${context.attempt}`);
      }, { concurrency: 2, onGiveUp: async (job, error) => void gaveUp.push([job.n, (error as Error).message]) });
      await q.enqueue('doomed', { n: 7 });
      await until(() => gaveUp.length === 1);
      await sleep(SETTINGS.ackWaitMs + 500);
      expect(attempts).toEqual([1, 2, 3]);
      expect(gaveUp).toEqual([[7, 'failed attempt 3']]);
    });

    it('gives each job to exactly one of several consumers, several at a time', async () => {
      const q = await queue<{ n: number }>();
      const seen: number[] = [];
      let running = 0;
      let peak = 0;
      const handler = async (job: { n: number }) => {
        running++;
        peak = Math.max(peak, running);
        await sleep(30);
        running--;
        seen.push(job.n);
      };
      await q.consume(handler, { concurrency: 2 });
      await q.consume(handler, { concurrency: 2 });
      for (let n = 0; n < 20; n++) await q.enqueue(`job-${n}`, { n });
      await until(() => seen.length === 20);
      await sleep(500);
      expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(peak).toBeGreaterThan(1);
    });

    it('keeps a job that runs longer than the redelivery wait with the consumer running it', async () => {
      const q = await queue<{ n: number }>();
      const runs: string[] = [];
      const slow = (who: string) => async () => {
        runs.push(who);
        await sleep(SETTINGS.ackWaitMs * 2.5);
      };
      await q.consume(slow('first'));
      await q.enqueue('long', { n: 1 });
      await until(() => runs.length === 1);
      await q.consume(slow('second'));
      await sleep(SETTINGS.ackWaitMs * 3);
      expect(runs).toEqual(['first']);
    });

    it('hands a job whose consumer stops mid-job to a consumer already waiting, and stop() waits for the handler', async () => {
      const q = await queue<{ n: number }>();
      let aborted = false;
      let handlerDone = false;
      const started: string[] = [];
      const first = await q.consume(async (_job, { signal }) => {
        started.push('first');
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        aborted = true;
        await sleep(50);
        handlerDone = true;
        throw new Error('stopped');
      });
      await q.enqueue('handed-on', { n: 1 });
      await until(() => started.length === 1);
      const done: string[] = [];
      await q.consume(async () => void done.push('second'));
      await first.stop();
      expect([aborted, handlerDone]).toEqual([true, true]);
      await until(() => done.length === 1);
      expect(done).toEqual(['second']);
    });

    it('keeps a job whose consumer stopped mid-job for the next consumer to come, as its first attempt or a later one', async () => {
      const q = await queue<{ n: number }>();
      const first = await q.consume(async (_job, { signal }) => {
        await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
      });
      await q.enqueue('later', { n: 1 });
      await sleep(200);
      await first.stop();
      const attempts: number[] = [];
      await q.consume(async (_job, context) => void attempts.push(context.attempt));
      await until(() => attempts.length === 1);
      expect(attempts[0]).toBeLessThanOrEqual(2);
    });

    it('stops an idle consumer at once, and a job enqueued after that goes to a consumer still running', async () => {
      const q = await queue<{ n: number }>();
      const stoppedGot: number[] = [];
      const idle = await q.consume(async (job) => void stoppedGot.push(job.n));
      // Long enough for its first pull to be waiting on the server.
      await sleep(500);
      // An operator's SIGTERM waits on this: it must not sit out a pull already in flight.
      const began = performance.now();
      await idle.stop();
      expect(performance.now() - began).toBeLessThan(1_000);
      const got: number[] = [];
      await q.consume(async (job) => void got.push(job.n));
      await q.enqueue('after-stop', { n: 1 });
      await until(() => got.length === 1);
      await sleep(200);
      expect([stoppedGot, got]).toEqual([[], [1]]);
    });

    it('refuses jobs once closed', async () => {
      const q = await queue<{ n: number }>();
      await q.enqueue('before', { n: 1 });
      await q.close();
      await expect(q.enqueue('after', { n: 2 })).rejects.toThrow();
    });
  });
}
