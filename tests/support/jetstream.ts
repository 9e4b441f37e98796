import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { HEADER_PREV_POSITION, HEADER_PREV_XID, type StoredEvent } from '@stardeck/infra';

export interface StreamMessage {
  seq: number;
  subject: string;
  msgId: string | undefined;
  prev: { position: number; xid: string };
  event: StoredEvent;
}

/** Every message the stream holds, in stream order, read with an ordered consumer. */
export async function readWholeStream(url: string, stream: string): Promise<StreamMessage[]> {
  const nc = await connect({ servers: url });
  try {
    const total = (await (await jetstreamManager(nc)).streams.info(stream)).state.messages;
    const out: StreamMessage[] = [];
    if (total === 0) return out;
    const consumer = await jetstream(nc).consumers.get(stream);
    const messages = await consumer.consume();
    for await (const msg of messages) {
      out.push({
        seq: msg.seq,
        subject: msg.subject,
        msgId: msg.headers?.get('Nats-Msg-Id'),
        prev: { position: Number(msg.headers?.get(HEADER_PREV_POSITION)), xid: msg.headers?.get(HEADER_PREV_XID) ?? '' },
        event: msg.json<StoredEvent>(),
      });
      if (out.length >= total) break;
    }
    await messages.close().catch(() => undefined);
    return out;
  } finally {
    await nc.close();
  }
}

/** How many messages the stream holds now (0 when it does not exist yet). */
export async function streamMessageCount(url: string, stream: string): Promise<number> {
  const nc = await connect({ servers: url, maxReconnectAttempts: 0 });
  try {
    const info = await (await jetstreamManager(nc)).streams.info(stream).catch(() => null);
    return info?.state.messages ?? 0;
  } finally {
    await nc.close();
  }
}
