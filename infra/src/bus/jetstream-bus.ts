import { AckPolicy, DeliverPolicy, StorageType, jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { LOG_START, type LogCursor, type StoredEvent } from '../events/types';
import { subjectFor, type BusSubscription, type EventBus, type PublishedEvent } from './bus';
import { JetStreamPublisher } from './jetstream-publisher';

export interface JetStreamBusOptions {
  url: string;
  /** Stream name; tests use their own so runs never share state. */
  stream: string;
  /** Subject prefix of every event: `{prefix}.{category}.{Type}`. */
  subjectPrefix: string;
  logger: Logger;
  publishTimeoutMs?: number;
}

export const HEADER_PREV_POSITION = 'Stardeck-Prev-Position';
export const HEADER_PREV_XID = 'Stardeck-Prev-Xid';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long subscribe() waits for its durable consumer before leaving it to the background. */
const SUBSCRIBE_WAIT_MS = 2_000;

/**
 * The services-mode bus. The connection is made in the background and retried forever, so a NATS
 * outage at start-up or later never blocks the API; the relay simply waits to publish.
 */
export class JetStreamBus implements EventBus {
  readonly kind = 'jetstream' as const;
  private readonly connection: Promise<NatsConnection>;
  private streamReady: Promise<void> | null = null;
  /** The stream's last sequence as this publisher last knew it; null means "ask the server". */
  private lastSequence: number | null = null;
  private closed = false;
  private batchPublisher: JetStreamPublisher | null = null;

  constructor(private readonly options: JetStreamBusOptions) {
    this.connection = connect({
      servers: options.url,
      name: 'stardeck',
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    });
    this.connection.catch((error) => options.logger.error({ err: error }, 'NATS connection failed'));
  }

  /**
   * Each message expects the stream's last sequence to be the one before it. If one message of a
   * pipelined batch is lost (a connection drop mid-batch) while later ones still arrive, the later
   * ones are refused instead of stored ahead of it, so the stream never holds events out of order.
   * A re-published event is answered as a duplicate (Nats-Msg-Id) before that check applies.
   */
  async publish(batch: PublishedEvent[]): Promise<number> {
    const publisher = await this.publisher();
    const base = this.lastSequence ?? (await this.streamLastSequence());
    const outcomes = await publisher.publish(batch.map(({ event, prev }, i) => {
      const h = headers();
      h.set(HEADER_PREV_POSITION, String(prev.position));
      h.set(HEADER_PREV_XID, prev.xid);
      return {
        subject: subjectFor(this.options.subjectPrefix, event.stream_id, event.type),
        data: JSON.stringify(event),
        headers: h,
        msgId: event.event_id,
        expectLastSequence: base + i,
      };
    }), this.options.publishTimeoutMs ?? 2000);
    const firstFailure = outcomes.findIndex((outcome) => !outcome.ok);
    const clean = firstFailure === -1 && outcomes.every((outcome) => outcome.ok && !outcome.duplicate);
    // After a failure or a duplicate our count of the stream is unsure: ask the server next time.
    this.lastSequence = clean ? base + batch.length : null;
    // The stream itself may be gone (deleted, or a new server without our data): make sure of it
    // again before the next publish, which then fills the new, empty stream from the start.
    if (firstFailure !== -1) this.streamReady = null;
    const failed = outcomes[firstFailure];
    if (firstFailure === 0 && failed && !failed.ok) throw failed.error;
    return firstFailure === -1 ? batch.length : firstFailure;
  }

  async lastPublished(): Promise<LogCursor | null> {
    await this.client();
    const jsm = await jetstreamManager(await this.connection);
    const lastSeq = (await jsm.streams.info(this.options.stream)).state.last_seq;
    if (lastSeq === 0) return LOG_START;
    // The last message may have been removed by hand; then we cannot tell where the stream ends.
    const last = await jsm.streams.getMessage(this.options.stream, { seq: lastSeq }).catch(() => null);
    if (!last) return null;
    const event = last.json<StoredEvent>();
    return { xid: event.transaction_id, position: event.global_position };
  }

  private async streamLastSequence(): Promise<number> {
    const jsm = await jetstreamManager(await this.connection);
    return (await jsm.streams.info(this.options.stream)).state.last_seq;
  }

  /**
   * Resolves once the durable consumer exists (or after SUBSCRIBE_WAIT_MS while NATS cannot be
   * reached; it is then made in the background), so an event published after subscribe() resolves
   * is not missed. A handler that throws is logged and the stream goes on: consumers fill what
   * they missed from the log.
   */
  async subscribe(consumer: string, handler: (message: PublishedEvent) => Promise<void>): Promise<BusSubscription> {
    let stopped = false;
    let stopCurrent: (() => void) | null = null;
    let attached!: () => void;
    const ready = new Promise<void>((resolve) => (attached = resolve));
    const durable = `${this.options.stream}_${consumer}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const loop = async () => {
      while (!stopped && !this.closed) {
        try {
          const js = await this.client();
          const jsm = await jetstreamManager(await this.connection);
          await jsm.consumers.add(this.options.stream, {
            durable_name: durable,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.New,
            filter_subject: `${this.options.subjectPrefix}.>`,
            ack_wait: nanos(30_000),
          });
          attached();
          const source = await js.consumers.get(this.options.stream, durable);
          const messages = await source.consume({ max_messages: 256 });
          stopCurrent = () => void messages.stop();
          // stop() may have run while we were connecting; a forgotten consume would hold messages unacked.
          if (stopped) messages.stop();
          for await (const msg of messages) {
            if (stopped) break;
            const event = msg.json<StoredEvent>();
            const prev = {
              position: Number(msg.headers?.get(HEADER_PREV_POSITION) ?? 0),
              xid: msg.headers?.get(HEADER_PREV_XID) || '0',
            };
            try {
              await handler({ event: { ...event, recorded_at: new Date(event.recorded_at) }, prev });
            } catch (error) {
              this.options.logger.warn({ err: error, consumer, position: event.global_position }, 'bus handler failed; going on');
            }
            msg.ack();
          }
        } catch (error) {
          if (!stopped) this.options.logger.warn({ err: error, consumer }, 'bus subscription interrupted; retrying');
        }
        // Whatever ended the loop, the old consume must not keep delivered messages unacknowledged.
        stopCurrent?.();
        if (!stopped) await sleep(500);
      }
    };
    void loop();
    await Promise.race([ready, sleep(SUBSCRIBE_WAIT_MS)]);
    return {
      stop: async () => {
        stopped = true;
        stopCurrent?.();
      },
    };
  }

  async isHealthy(): Promise<boolean> {
    const nc = await Promise.race([this.connection, sleep(500).then(() => null)]);
    if (!nc || nc.isClosed()) return false;
    return Promise.race([nc.flush().then(() => true, () => false), sleep(1000).then(() => false)]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.batchPublisher?.close();
    const nc = await Promise.race([this.connection, sleep(100).then(() => null)]).catch(() => null);
    if (nc) await nc.drain().catch(() => nc.close());
    else void this.connection.then((late) => late.close()).catch(() => undefined);
  }

  /** The batch publisher on this connection, made once the stream is known to exist. */
  private async publisher(): Promise<JetStreamPublisher> {
    await this.client();
    this.batchPublisher ??= new JetStreamPublisher(await this.connection);
    return this.batchPublisher;
  }

  private async client(): Promise<JetStreamClient> {
    const nc = await this.connection;
    this.streamReady ??= this.ensureStream(nc).catch((error) => {
      this.streamReady = null;
      throw error;
    });
    await this.streamReady;
    return jetstream(nc);
  }

  private async ensureStream(nc: NatsConnection): Promise<void> {
    const jsm = await jetstreamManager(nc);
    const config = {
      name: this.options.stream,
      subjects: [`${this.options.subjectPrefix}.>`],
      storage: StorageType.File,
      duplicate_window: nanos(120_000),
    };
    try {
      await jsm.streams.info(this.options.stream);
    } catch {
      await jsm.streams.add(config);
    }
  }
}

/** Removes a test's stream (and with it its consumers). */
export async function deleteJetStream(url: string, stream: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}
