import { AckPolicy, RetentionPolicy, StorageType, jetstream, jetstreamManager, type Consumer, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { JOB_QUEUE_DEFAULTS, JobGiveUpError, type ConsumeOptions, type JobContext, type JobQueue, type JobSubscription } from './job-queue';

export interface JetStreamJobQueueOptions {
  url: string;
  /** Work-queue stream of this queue alone; tests use their own. */
  stream: string;
  subject: string;
  logger: Logger;
  /** Durable consumer every worker process shares. */
  consumer?: string;
  maxAttempts?: number;
  retryDelayMs?: number;
  dedupeWindowMs?: number;
  /** Unacknowledged for this long (no heartbeat: the worker died) → redelivered. */
  ackWaitMs?: number;
  /** How long `enqueue` waits for NATS before it fails, so a caller never hangs on an outage. */
  enqueueTimeoutMs?: number;
}

type Handler<T> = (job: T, context: JobContext) => Promise<void>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long one pull waits for a job before the slot asks again. */
const PULL_EXPIRES_MS = 2_000;

/**
 * The services-mode queue: a JetStream stream with work-queue retention (an acknowledged job is
 * deleted) and one durable pull consumer shared by every worker process, so each job goes to one
 * of them. Like the bus, it connects in the background and retries forever: a NATS outage never
 * crashes a worker, it just waits.
 */
export class JetStreamJobQueue<T> implements JobQueue<T> {
  readonly kind = 'jetstream' as const;
  private readonly connection: Promise<NatsConnection>;
  private ready: Promise<Consumer> | null = null;
  private readonly subscriptions = new Set<JobSubscription>();
  private readonly maxAttempts: number;
  private readonly ackWaitMs: number;
  private readonly durable: string;
  private closed = false;

  constructor(private readonly options: JetStreamJobQueueOptions) {
    this.maxAttempts = options.maxAttempts ?? JOB_QUEUE_DEFAULTS.maxAttempts;
    this.ackWaitMs = options.ackWaitMs ?? 30_000;
    this.durable = (options.consumer ?? 'workers').replace(/[^A-Za-z0-9_-]/g, '_');
    this.connection = connect({
      servers: options.url,
      name: 'stardeck-jobs',
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    });
    this.connection.catch((error) => options.logger.error({ err: error }, 'NATS connection failed'));
  }

  async enqueue(jobId: string, job: T): Promise<void> {
    const timeoutMs = this.options.enqueueTimeoutMs ?? 5_000;
    const publish = async () => {
      await this.consumer();
      const js = jetstream(await this.connection);
      await js.publish(this.options.subject, JSON.stringify(job), { msgID: jobId, timeout: timeoutMs });
    };
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`job queue unavailable: could not enqueue ${jobId} within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([publish(), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  async consume(handler: Handler<T>, options: ConsumeOptions<T> = {}): Promise<JobSubscription> {
    const abort = new AbortController();
    const running = new Set<Promise<void>>();
    for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i++) void this.slot(handler, options, abort.signal, running);
    const subscription: JobSubscription = {
      // Waits for the jobs being handled, not for idle slots: a pull in flight cannot be called
      // back, and waiting out its expiry made every stop take two seconds. A job that still
      // arrives through it is handed back at once (see slot).
      stop: async () => {
        abort.abort();
        this.subscriptions.delete(subscription);
        await Promise.all(running);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    const nc = await Promise.race([this.connection, sleep(100).then(() => null)]).catch(() => null);
    if (nc) await nc.drain().catch(() => nc.close());
    else void this.connection.then((late) => late.close()).catch(() => undefined);
  }

  /** One job at a time: pulling only when free means no job waits in a busy worker's buffer. */
  private async slot(handler: Handler<T>, options: ConsumeOptions<T>, signal: AbortSignal, running: Set<Promise<void>>): Promise<void> {
    while (!signal.aborted && !this.closed) {
      try {
        const consumer = await this.consumer();
        const msg = await consumer.next({ expires: PULL_EXPIRES_MS });
        if (!msg) continue;
        if (signal.aborted) {
          msg.nak();
          return;
        }
        const job = this.handle(msg, handler, options, signal);
        running.add(job);
        await job.finally(() => running.delete(job));
      } catch (error) {
        if (signal.aborted || this.closed) return;
        this.options.logger.warn({ err: error, stream: this.options.stream }, 'job queue pull interrupted; retrying');
        this.ready = null;
        await sleep(1_000);
      }
    }
  }

  /**
   * Jobs end with a bare `+TERM`: servers before 2.10 do not read a reason after it, ignore the
   * whole acknowledgement and redeliver the job once its ack wait runs out.
   */
  private async handle(msg: JsMsg, handler: Handler<T>, options: ConsumeOptions<T>, signal: AbortSignal): Promise<void> {
    const attempt = msg.info.deliveryCount;
    let job: T;
    try {
      job = msg.json<T>();
    } catch (error) {
      this.options.logger.error({ err: error, seq: msg.seq }, 'job is not valid JSON; dropped');
      msg.term();
      return;
    }
    // The consumer allows one delivery more than maxAttempts: arriving here means the worker of the
    // last attempt died mid-job, and this delivery exists only to give up cleanly.
    if (attempt > this.maxAttempts) {
      await this.giveUp(job, new JobGiveUpError(`the worker stopped during attempt ${this.maxAttempts}`), options);
      msg.term();
      return;
    }
    // Heartbeats while the handler runs: a live worker keeps its job however long it takes; a dead
    // one stops heartbeating and the job is redelivered after ackWait.
    const keepAlive = setInterval(() => msg.working(), Math.max(500, this.ackWaitMs / 3));
    try {
      await handler(job, { attempt, signal });
      await msg.ackAck().catch((error: unknown) => this.options.logger.warn({ err: error }, 'job ack not confirmed; it may run again'));
    } catch (error) {
      if (signal.aborted) msg.nak();
      else if (attempt >= this.maxAttempts) {
        await this.giveUp(job, error, options);
        msg.term();
      } else msg.nak((this.options.retryDelayMs ?? JOB_QUEUE_DEFAULTS.retryDelayMs) * attempt);
    } finally {
      clearInterval(keepAlive);
    }
  }

  private async giveUp(job: T, error: unknown, options: ConsumeOptions<T>): Promise<void> {
    try {
      await options.onGiveUp?.(job, error);
    } catch (giveUpError) {
      this.options.logger.error({ err: giveUpError }, 'onGiveUp failed');
    }
  }

  private consumer(): Promise<Consumer> {
    this.ready ??= this.setUp().catch((error) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /** Creating the stream and consumer is idempotent, so every process may do it at start. */
  private async setUp(): Promise<Consumer> {
    const nc = await this.connection;
    const jsm = await jetstreamManager(nc);
    const exists = await jsm.streams.info(this.options.stream).then(() => true, () => false);
    if (!exists) {
      await jsm.streams.add({
        name: this.options.stream,
        subjects: [this.options.subject],
        retention: RetentionPolicy.Workqueue,
        storage: StorageType.File,
        duplicate_window: nanos(this.options.dedupeWindowMs ?? JOB_QUEUE_DEFAULTS.dedupeWindowMs),
      });
    }
    await jsm.consumers.add(this.options.stream, {
      durable_name: this.durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.ackWaitMs),
      max_deliver: this.maxAttempts + 1,
    });
    return jetstream(nc).consumers.get(this.options.stream, this.durable);
  }
}
