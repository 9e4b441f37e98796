import { EventEmitter } from 'node:events';
import type { Msg, NatsConnection, Subscription } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { BusSubscription } from './bus';

/**
 * Fire-and-forget messages between processes, such as "member X has a new notification" from the
 * projector to every API process, each of which tells that member's open sockets. At most once and
 * never stored: what a signal announces is already in the database, where a client that missed
 * the signal reads it. Not for events: those travel on the EventBus and live in the log.
 */
export interface SignalBus {
  readonly kind: 'nats' | 'in-process';
  publish(channel: string, payload: object): Promise<void>;
  /** Resolves once signals published after it are delivered to `handler`, in this and every other process. */
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<BusSubscription>;
  close(): Promise<void>;
}

/** Embedded mode: one process, so an event emitter is the whole bus. Delivery is asynchronous, as over NATS. */
export class InProcessSignalBus implements SignalBus {
  readonly kind = 'in-process' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, payload: object): Promise<void> {
    // A copy, as a serialised message would be: no subscriber shares the publisher's object.
    const message = JSON.parse(JSON.stringify(payload)) as unknown;
    setImmediate(() => this.emitter.emit(channel, message));
  }

  async subscribe(channel: string, handler: (payload: unknown) => void): Promise<BusSubscription> {
    this.emitter.on(channel, handler);
    return { stop: async () => void this.emitter.off(channel, handler) };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export interface NatsSignalBusOptions {
  url: string;
  /** Subjects are `{subjectRoot}.{channel}`, outside the event stream's subjects. */
  subjectRoot: string;
  logger: Logger;
  publishTimeoutMs?: number;
}

/**
 * Services mode: core NATS subjects (no JetStream, nothing stored). Every subscribing process gets
 * every signal and picks what concerns it.
 */
export class NatsSignalBus implements SignalBus {
  readonly kind = 'nats' as const;
  private readonly connection: Promise<NatsConnection>;

  constructor(private readonly options: NatsSignalBusOptions) {
    this.connection = connect({ servers: options.url, name: 'stardeck-signals', waitOnFirstConnect: true, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    this.connection.catch((error) => options.logger.error({ err: error }, 'NATS signal connection failed'));
  }

  async publish(channel: string, payload: object): Promise<void> {
    const nc = await withTimeout(this.connection, this.options.publishTimeoutMs ?? 2000, 'NATS unreachable: signal not sent');
    nc.publish(this.subject(channel), JSON.stringify(payload));
  }

  /**
   * Waits for the subscription while NATS answers (up to SUBSCRIBE_WAIT_MS), so a process starting
   * during an outage still starts; the subscription is then made once NATS is back.
   */
  async subscribe(channel: string, handler: (payload: unknown) => void): Promise<BusSubscription> {
    let subscription: Subscription | null = null;
    let stopped = false;
    const attached = this.connection.then(async (nc) => {
      if (stopped) return;
      subscription = nc.subscribe(this.subject(channel), { callback: (error, message) => this.receive(channel, error, message, handler) });
      // The server knows of the subscription once a round trip after it has completed.
      await nc.flush();
    });
    attached.catch((error) => this.options.logger.warn({ err: error, channel }, 'signal subscription failed'));
    await Promise.race([attached.catch(() => undefined), sleep(SUBSCRIBE_WAIT_MS)]);
    return {
      stop: async () => {
        stopped = true;
        subscription?.unsubscribe();
      },
    };
  }

  private receive(channel: string, error: Error | null, message: Msg, handler: (payload: unknown) => void): void {
    if (error) return void this.options.logger.warn({ err: error, channel }, 'signal subscription error');
    let payload: unknown;
    try {
      payload = message.json();
    } catch (parseError) {
      return void this.options.logger.warn({ err: parseError, channel }, 'unreadable signal dropped');
    }
    handler(payload);
  }

  async close(): Promise<void> {
    const nc = await withTimeout(this.connection, 100, 'closing').catch(() => null);
    if (nc) await nc.drain().catch(() => nc.close());
    else void this.connection.then((late) => late.close()).catch(() => undefined);
  }

  private subject(channel: string): string {
    return `${this.options.subjectRoot}.${channel}`;
  }
}

/**
 * The subject root of signals for an event subject prefix: its parent, as for the transcode queue,
 * since a subject under the prefix would land in the event stream (`stardeck.events` → `stardeck.signals`).
 */
export function signalSubjectRoot(natsSubjectPrefix: string): string {
  const dot = natsSubjectPrefix.lastIndexOf('.');
  return dot > 0 ? `${natsSubjectPrefix.slice(0, dot)}.signals` : `${natsSubjectPrefix}_signals`;
}

/** How long subscribe() waits for NATS before leaving the subscription to the background. */
const SUBSCRIBE_WAIT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
