import { InProcessJobQueue } from '@stardeck/infra';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/services';

let queue: InProcessJobQueue<{ n: number }>;
afterEach(() => queue.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('in-process job queue', () => {
  it('queues a job enqueued twice under the same id once', async () => {
    queue = new InProcessJobQueue({ retryDelayMs: 10 });
    await queue.enqueue('a', { n: 1 });
    await queue.enqueue('a', { n: 2 });
    const seen: number[] = [];
    await queue.consume(async (job) => void seen.push(job.n));
    await sleep(50);
    expect(seen).toEqual([1]);
  });

  it('retries a throwing job with the attempt number and stops once it succeeds', async () => {
    queue = new InProcessJobQueue({ retryDelayMs: 10 });
    const attempts: number[] = [];
    await queue.consume(async (_job, context) => {
      attempts.push(context.attempt);
      if (context.attempt < 3) throw new Error('not yet');
    });
    await queue.enqueue('a', { n: 1 });
    await waitFor(async () => attempts.length === 3);
    await sleep(100);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives up after the last attempt and calls onGiveUp once', async () => {
    queue = new InProcessJobQueue({ maxAttempts: 4, retryDelayMs: 5 });
    let attempts = 0;
    const gaveUp: number[] = [];
    await queue.consume(async () => {
      attempts++;
      throw new Error('always');
    }, { onGiveUp: async (job) => void gaveUp.push(job.n) });
    await queue.enqueue('a', { n: 7 });
    await waitFor(async () => gaveUp.length > 0);
    await sleep(100);
    expect(attempts).toBe(4);
    expect(gaveUp).toEqual([7]);
  });

  it('hands each job to one of several consumers, and runs them concurrently', async () => {
    queue = new InProcessJobQueue();
    const seen: string[] = [];
    let running = 0;
    let peak = 0;
    const handler = (name: string) => async (job: { n: number }) => {
      running++;
      peak = Math.max(peak, running);
      await sleep(10);
      running--;
      seen.push(`${name}:${job.n}`);
    };
    await queue.consume(handler('a'), { concurrency: 2 });
    await queue.consume(handler('b'), { concurrency: 2 });
    for (let n = 0; n < 20; n++) await queue.enqueue(`job-${n}`, { n });
    await waitFor(async () => seen.length === 20);
    expect(seen.map((s) => Number(s.split(':')[1])).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBeGreaterThan(1);
  });

  it('hands a job cancelled by stop() to the next consumer without using up an attempt', async () => {
    queue = new InProcessJobQueue();
    const first = await queue.consume(async (_job, { signal }) => {
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
    });
    await queue.enqueue('a', { n: 1 });
    await sleep(10);
    await first.stop();
    const attempts: number[] = [];
    await queue.consume(async (_job, context) => void attempts.push(context.attempt));
    await waitFor(async () => attempts.length === 1);
    expect(attempts).toEqual([1]);
  });
});
