import { PubHeaders } from '@nats-io/jetstream';
import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/nats-core';

export interface OutgoingMessage {
  subject: string;
  data: string;
  headers: MsgHdrs;
  /** JetStream's deduplication key (`Nats-Msg-Id`): a message published again within the stream's window is not stored twice. */
  msgId: string;
  /** The stream's last sequence this message must follow (`Nats-Expected-Last-Sequence`), or none. */
  expectLastSequence?: number;
}

/** What JetStream answered for one message. */
export type PublishOutcome = { ok: true; seq: number; duplicate: boolean } | { ok: false; error: Error };

interface Waiting {
  resolve: (outcome: PublishOutcome) => void;
  batch: BatchState;
}

interface BatchState {
  left: number;
  lastAnswerAt: number;
}

/**
 * JetStream publishing with asynchronous acknowledgements, the way JetStream's clients publish in
 * bulk (Go's PublishAsync): every message of a batch goes out at once, each with a reply subject
 * of its own under one inbox subscription, and the answers are awaited together. Publishing each
 * message as a request (nats.js `js.publish`) costs a timer and two Error objects apiece, which
 * were most of a catch-up's CPU; here a batch has one timer, and it is about the batch stalling:
 * the messages still unanswered fail once no answer came for `stallMs`.
 */
export class JetStreamPublisher {
  private readonly inbox = createInbox();
  private readonly waiting = new Map<string, Waiting>();
  private readonly subscription: Subscription;
  private nextToken = 0;

  constructor(private readonly nc: NatsConnection) {
    this.subscription = nc.subscribe(`${this.inbox}.*`, { callback: (error, msg) => void (error ? this.failAll(error) : this.answer(msg)) });
    void this.subscription.closed.then(() => this.failAll(new Error('publish acknowledgements subscription closed')));
  }

  /** Publishes the messages in order; resolves with each one's outcome, in the same order. Never rejects. */
  publish(messages: readonly OutgoingMessage[], stallMs: number): Promise<PublishOutcome[]> {
    const batch: BatchState = { left: messages.length, lastAnswerAt: Date.now() };
    const tokens: string[] = [];
    const outcomes = messages.map((message) => new Promise<PublishOutcome>((resolve) => {
      const token = (this.nextToken++).toString(36);
      tokens.push(token);
      this.waiting.set(token, { resolve, batch });
      message.headers.set(PubHeaders.MsgIdHdr, message.msgId);
      if (message.expectLastSequence !== undefined) message.headers.set(PubHeaders.ExpectedLastSeqHdr, String(message.expectLastSequence));
      try {
        this.nc.publish(message.subject, message.data, { reply: `${this.inbox}.${token}`, headers: message.headers });
      } catch (error) {
        this.settle(token, { ok: false, error: error as Error });
      }
    }));
    this.watchForStall(batch, tokens, stallMs);
    return Promise.all(outcomes);
  }

  close(): void {
    this.subscription.unsubscribe();
    this.failAll(new Error('publisher closed'));
  }

  private watchForStall(batch: BatchState, tokens: readonly string[], stallMs: number): void {
    const check = () => {
      if (batch.left === 0) return;
      const quiet = Date.now() - batch.lastAnswerAt;
      if (quiet < stallMs) {
        setTimeout(check, stallMs - quiet).unref();
        return;
      }
      for (const token of tokens) this.settle(token, { ok: false, error: new Error(`no acknowledgement within ${stallMs} ms`) });
    };
    setTimeout(check, stallMs).unref();
  }

  private answer(msg: Msg): void {
    const token = msg.subject.slice(this.inbox.length + 1);
    // No stream takes the subject: the server answers with a 503 status and no body.
    if (msg.data.length === 0 && msg.headers?.code === 503) {
      this.settle(token, { ok: false, error: new Error('no JetStream stream answered (no responders)') });
      return;
    }
    const ack = msg.json<{ seq?: number; duplicate?: boolean; error?: { code: number; err_code?: number; description: string } }>();
    if (ack.error || typeof ack.seq !== 'number') {
      this.settle(token, { ok: false, error: new Error(ack.error?.description ?? 'invalid JetStream acknowledgement') });
    } else {
      this.settle(token, { ok: true, seq: ack.seq, duplicate: ack.duplicate === true });
    }
  }

  private settle(token: string, outcome: PublishOutcome): void {
    const entry = this.waiting.get(token);
    if (!entry) return;
    this.waiting.delete(token);
    entry.batch.left--;
    entry.batch.lastAnswerAt = Date.now();
    entry.resolve(outcome);
  }

  private failAll(error: Error): void {
    for (const token of [...this.waiting.keys()]) this.settle(token, { ok: false, error });
  }
}
