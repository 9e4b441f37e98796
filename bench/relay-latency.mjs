#!/usr/bin/env node
// Relay latency: from EventStore.append returning to the event arriving at a JetStream consumer,
// through the relay (woken on commit in this process). One event at a time, so no queueing.
//   node bench/relay-latency.mjs [events=1000]
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EventStore, JetStreamBus, PostgresLockManager, Relay, connectPostgres, createLogger, deleteJetStream, migrateToLatest } from '@stardeck/infra';

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.BENCH_NATS_URL || process.env.NATS_URL || 'nats://127.0.0.1:4222';
const total = Number(process.argv[2] ?? 1000);
const warmup = 50;

const id = randomBytes(4).toString('hex');
const name = `stardeck_bench_${id}`;
const streamName = `STARDECK_BENCH_${id}`;
const prefix = `bench${id}.events`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = connectPostgres(url.toString());
const logger = createLogger('warn', 'bench');
const bus = new JetStreamBus({ url: natsUrl, stream: streamName, subjectPrefix: prefix, logger });
const store = new EventStore(database.db);
const relay = new Relay(store, bus, new PostgresLockManager(url.toString()), logger);
const nc = await connect({ servers: natsUrl });

try {
  await migrateToLatest(database.db);
  relay.start();
  // The first append makes the relay create the stream; wait for it before subscribing.
  await store.append('bench-0', 0, [{ type: 'BenchStarted', data: {} }], { actor: 'bench' });
  let consumer;
  for (;;) {
    consumer = await jetstream(nc).consumers.get(streamName).catch(() => null);
    if (consumer) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const waiting = new Map();
  const messages = await consumer.consume();
  void (async () => {
    for await (const msg of messages) waiting.get(msg.headers?.get('Nats-Msg-Id'))?.();
  })();

  const samples = [];
  for (let i = 1; i <= total + warmup; i++) {
    let received;
    const arrived = new Promise((resolve) => (received = resolve));
    const started = process.hrtime.bigint();
    const { events } = await store.append(`bench-${i}`, 0, [{ type: 'TrackSaved', data: { i } }], { actor: 'bench' });
    waiting.set(events[0].event_id, received);
    await arrived;
    if (i > warmup) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    waiting.delete(events[0].event_id);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(2);
  console.log(`relay latency, append → JetStream consumer, ${total} events one at a time (after ${warmup} warm-up)`);
  console.log(`p50 ${at(0.5)} ms | p99 ${at(0.99)} ms | max ${samples.at(-1).toFixed(2)} ms`);
  await messages.close();
} finally {
  await relay.stop();
  await bus.close();
  await nc.close();
  await deleteJetStream(natsUrl, streamName).catch(() => undefined);
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
