import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { JetStreamPublisher, type OutgoingMessage } from '@stardeck/infra';
import { TEST_NATS_URL, createTestStream } from '../support/services';

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  cleanups = [];
});

async function world() {
  const stream = createTestStream();
  const nc: NatsConnection = await connect({ servers: TEST_NATS_URL });
  await (await jetstreamManager(nc)).streams.add({ name: stream.stream, subjects: [`${stream.subjectPrefix}.>`] });
  const publisher = new JetStreamPublisher(nc);
  cleanups.push(() => stream.drop(), () => nc.close(), async () => publisher.close());
  const message = (n: number, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
    subject: `${stream.subjectPrefix}.test.Numbered`, data: JSON.stringify({ n }), headers: headers(), msgId: randomUUID(), ...extra,
  });
  return { nc, stream, publisher, message };
}

describe('JetStream batch publisher', () => {
  it('answers every message of a batch with its stream sequence, in order; a message id seen before is a duplicate, not stored again', async () => {
    const { publisher, message } = await world();
    const batch = Array.from({ length: 500 }, (_, i) => message(i));
    const outcomes = await publisher.publish(batch, 2000);
    expect(outcomes).toEqual(batch.map((_, i) => ({ ok: true, seq: i + 1, duplicate: false })));

    const again = await publisher.publish([message(0, { msgId: batch[0]!.msgId, headers: headers() }), message(500)], 2000);
    expect(again).toEqual([{ ok: true, seq: 1, duplicate: true }, { ok: true, seq: 501, duplicate: false }]);
  });

  it('refuses a message that does not follow the sequence it expects, and the others of the batch go on', async () => {
    const { publisher, message } = await world();
    const outcomes = await publisher.publish([
      message(1, { expectLastSequence: 0 }), message(2, { expectLastSequence: 5 }), message(3, { expectLastSequence: 1 }),
    ], 2000);
    expect(outcomes[0]).toEqual({ ok: true, seq: 1, duplicate: false });
    expect(outcomes[1]).toMatchObject({ ok: false, error: expect.objectContaining({ message: expect.stringMatching(/wrong last sequence/i) }) });
    expect(outcomes[2]).toEqual({ ok: true, seq: 2, duplicate: false });
  });

  it('fails a message no stream takes, and fails what is left of a batch once answers stop coming', async () => {
    const { nc, stream, publisher, message } = await world();
    const [nobody] = await publisher.publish([message(1, { subject: `${stream.subjectPrefix}x.none` })], 2000);
    expect(nobody).toMatchObject({ ok: false, error: expect.objectContaining({ message: expect.stringMatching(/no responders/) }) });

    // Something listens on the subject but never answers, as a stream whose server hangs.
    const silent = nc.subscribe(`${stream.subjectPrefix}x.silent`);
    const started = Date.now();
    const outcomes = await publisher.publish([message(1), message(2, { subject: `${stream.subjectPrefix}x.silent` })], 300);
    expect(outcomes[0]).toEqual({ ok: true, seq: 1, duplicate: false });
    expect(outcomes[1]).toMatchObject({ ok: false, error: expect.objectContaining({ message: expect.stringMatching(/no acknowledgement within 300 ms/) }) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    silent.unsubscribe();
  });
});
