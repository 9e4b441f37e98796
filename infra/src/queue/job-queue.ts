export interface JobContext {
  /** 1 for the first delivery, more for redeliveries after a crash or failure. */
  attempt: number;
  /** Tells the queue the job is alive, so a long job is not handed to another worker. */
  heartbeat(): void;
}

export interface JobSubscription {
  stop(): Promise<void>;
}

/**
 * A work queue: each job goes to one worker among many; an unacknowledged job (worker crashed) is
 * redelivered. JetStream work-queue stream in services mode, in memory in embedded mode.
 */
export interface JobQueue<T> {
  readonly kind: 'jetstream' | 'in-process';
  /** `jobId` deduplicates: enqueueing the same id twice within the dedupe window queues it once. */
  enqueue(jobId: string, job: T): Promise<void>;
  /**
   * Handles jobs one at a time per worker. Resolving acknowledges the job; throwing makes it
   * available again (up to `maxAttempts`, then `onGiveUp` is called).
   */
  consume(handler: (job: T, context: JobContext) => Promise<void>, options?: { onGiveUp?: (job: T, error: unknown) => Promise<void> }): Promise<JobSubscription>;
  close(): Promise<void>;
}
