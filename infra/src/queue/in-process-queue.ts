import { JOB_QUEUE_DEFAULTS, type ConsumeOptions, type JobContext, type JobQueue, type JobSubscription } from './job-queue';

export interface InProcessJobQueueOptions {
  maxAttempts?: number;
  retryDelayMs?: number;
  dedupeWindowMs?: number;
  /** Where errors of `onGiveUp` go; they must not stop the queue. */
  onError?: (error: unknown) => void;
}

interface Pending<T> {
  jobId: string;
  job: T;
  attempt: number;
}

type Handler<T> = (job: T, context: JobContext) => Promise<void>;

/**
 * The embedded-mode queue: the JetStream adapter's semantics in memory (dedupe by id, retry on
 * throw after a delay, give up after the last attempt). Jobs do not survive a restart; whoever
 * enqueues must re-enqueue unfinished work at start.
 */
export class InProcessJobQueue<T> implements JobQueue<T> {
  readonly kind = 'in-process' as const;
  private readonly ready: Pending<T>[] = [];
  private readonly waiters: ((item: Pending<T> | null) => void)[] = [];
  private readonly seen = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly subscriptions = new Set<JobSubscription>();
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly dedupeWindowMs: number;
  private closed = false;

  constructor(private readonly options: InProcessJobQueueOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? JOB_QUEUE_DEFAULTS.maxAttempts;
    this.retryDelayMs = options.retryDelayMs ?? JOB_QUEUE_DEFAULTS.retryDelayMs;
    this.dedupeWindowMs = options.dedupeWindowMs ?? JOB_QUEUE_DEFAULTS.dedupeWindowMs;
  }

  async enqueue(jobId: string, job: T): Promise<void> {
    if (this.closed) throw new Error('job queue is closed');
    const now = Date.now();
    for (const [id, at] of this.seen) if (now - at > this.dedupeWindowMs) this.seen.delete(id);
    if (this.seen.has(jobId)) return;
    this.seen.set(jobId, now);
    // Its JSON, as JetStream carries it: a Date arrives as a string here too, and the handler never
    // shares objects with the caller.
    this.offer({ jobId, job: JSON.parse(JSON.stringify(job)) as T, attempt: 1 });
  }

  async consume(handler: Handler<T>, options: ConsumeOptions<T> = {}): Promise<JobSubscription> {
    const abort = new AbortController();
    const slots = Array.from({ length: Math.max(1, options.concurrency ?? 1) }, () => this.slot(handler, options, abort.signal));
    const subscription: JobSubscription = {
      stop: async () => {
        abort.abort();
        this.subscriptions.delete(subscription);
        // Wake idle slots so they notice the stop.
        for (const wake of this.waiters.splice(0)) wake(null);
        await Promise.all(slots);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }

  private offer(item: Pending<T>): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.ready.push(item);
  }

  /** A job its consumer stopped before finishing: first in line again, to a consumer already waiting if there is one. */
  private handBack(item: Pending<T>): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.ready.unshift(item);
  }

  private take(signal: AbortSignal): Promise<Pending<T> | null> {
    if (signal.aborted) return Promise.resolve(null);
    const item = this.ready.shift();
    if (item) return Promise.resolve(item);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private async slot(handler: Handler<T>, options: ConsumeOptions<T>, signal: AbortSignal): Promise<void> {
    for (;;) {
      const item = await this.take(signal);
      if (!item) {
        // Woken by some subscription's stop: only ours ends this slot.
        if (signal.aborted) return;
        continue;
      }
      if (signal.aborted) {
        this.handBack(item);
        return;
      }
      try {
        await handler(item.job, { attempt: item.attempt, signal });
      } catch (error) {
        if (signal.aborted) {
          // Stopped mid-job: hand it back untouched, as a redelivery would.
          this.handBack(item);
        } else if (item.attempt >= this.maxAttempts) {
          await options.onGiveUp?.(item.job, error).catch((e: unknown) => this.options.onError?.(e));
        } else {
          this.retryLater({ ...item, attempt: item.attempt + 1 });
        }
      }
    }
  }

  private retryLater(item: Pending<T>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.offer(item);
    }, this.retryDelayMs * (item.attempt - 1));
    this.timers.add(timer);
  }
}
