export interface JobContext {
  /** 1 for the first delivery, more for redeliveries after a crash or failure. */
  attempt: number;
  /**
   * Aborted when this worker stops (shutdown), so a long job can end early; the job is then handed
   * to another worker. The queue itself keeps a running job alive (heartbeats) while the handler
   * runs, so a handler never needs to report that it is still working.
   */
  signal: AbortSignal;
}

export interface JobSubscription {
  /** Stops taking jobs, aborts the running ones (they are redelivered) and waits for them. */
  stop(): Promise<void>;
}

export interface ConsumeOptions<T> {
  /** Jobs this process handles at once (default 1); more processes share the queue. */
  concurrency?: number;
  /**
   * Called once when a job failed on its last attempt, or its worker died during the last attempt.
   * The job is then removed from the queue.
   */
  onGiveUp?: (job: T, error: unknown) => Promise<void>;
}

/**
 * A work queue: each job goes to one worker among many; an unacknowledged job (worker crashed) is
 * redelivered. JetStream work-queue stream in services mode, in memory in embedded mode.
 */
export interface JobQueue<T> {
  readonly kind: 'jetstream' | 'in-process';
  /**
   * `jobId` deduplicates: enqueueing the same id twice within the dedupe window queues it once.
   * A deliberate re-run of finished work therefore needs a new id.
   */
  enqueue(jobId: string, job: T): Promise<void>;
  /**
   * Resolving the handler acknowledges the job; throwing makes it available again after a short
   * delay, up to the queue's maximum attempts, after which `onGiveUp` is called.
   */
  consume(handler: (job: T, context: JobContext) => Promise<void>, options?: ConsumeOptions<T>): Promise<JobSubscription>;
  close(): Promise<void>;
}

/** Defaults shared by both adapters, so embedded and services mode retry alike. */
export const JOB_QUEUE_DEFAULTS = {
  maxAttempts: 4,
  retryDelayMs: 5_000,
  /** Long enough to cover a client retrying an enqueue after a timeout. */
  dedupeWindowMs: 10 * 60_000,
} as const;

export class JobGiveUpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobGiveUpError';
  }
}
