#!/usr/bin/env node
// Relay catch-up: how fast the relay republishes the whole log to an empty JetStream stream (a new
// NATS server, or a stream that was lost), against a hand-written loop that publishes the same
// rows from a Postgres cursor with plain nats.js and asynchronous acknowledgements. Services mode.
// Uses the compiled packages: run `npx tsc -b` first.
//
//   node bench/relay-catchup.mjs [events=200000] [rounds=2] [paths=baseline,relay]
//
// 1. The log: a generated community (through the deciders), grown to `events` by set-based SQL
//    (log-amplifier.mjs), so it holds the payloads a community writes (plays, uploads, waveforms).
// 2. Each round runs the baseline, then the relay, each into a stream of its own made empty for it.
//    The relay starts from the start of the log, as after losing its stream; it is timed until its
//    checkpoint reaches the end of the log and the stream holds every event.
// 3. While each runs, a probe in the same process reads one row by key every 20 ms: the reads an
//    API process serves during a catch-up. Its p50/p99 and the event loop's delay are printed
//    beside an idle measurement.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { ADMIN_DATABASE_URL, NATS_URL, generateCommunity, load, percentile, seconds, waitUntil } from './support.mjs';
import { amplifyLog } from './log-amplifier.mjs';

const require = createRequire(import.meta.url);
const {
  EVENT_SCHEMAS, EventStore, JetStreamBus, PostgresLockManager, Relay, connectPostgres, createLogger, deleteJetStream, migrateToLatest,
} = require('@stardeck/infra');
const { sql } = require('kysely');

const events = Number(process.argv[2] ?? 200_000);
const rounds = Number(process.argv[3] ?? 2);
const paths = (process.argv[4] ?? 'baseline,relay').split(',');
/** The baseline's window: acknowledgements awaited together once this many publishes are in flight. */
const BASELINE_WINDOW = 1000;
const BASELINE_FETCH = 5000;

const id = randomBytes(4).toString('hex');
const databaseName = `stardeck_bench_relay_${id}`;
const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);
const url = new URL(ADMIN_DATABASE_URL);
url.pathname = `/${databaseName}`;
const databaseUrl = url.toString();
const database = connectPostgres(databaseUrl);
const store = new EventStore(database.db, EVENT_SCHEMAS);
const logger = createLogger('warn', 'bench');
const streams = [];

function newStream(label) {
  const stream = { name: `STARDECK_BENCH_${label}_${id}`, prefix: `bench${label.toLowerCase()}${id}.events` };
  streams.push(stream.name);
  return stream;
}

/** Reads a row by key every 20 ms while `work` runs; the event loop's delay too. */
async function probed(work) {
  const reads = [];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let running = true;
  const probe = (async () => {
    while (running) {
      const from = performance.now();
      await sql`select stream_id from events where global_position = ${1 + Math.floor(Math.random() * 1000)}`.execute(database.db);
      reads.push(performance.now() - from);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  delay.enable();
  const started = performance.now();
  try {
    await work();
  } finally {
    running = false;
    delay.disable();
    await probe;
  }
  reads.sort((a, b) => a - b);
  return { ms: performance.now() - started, readP50: percentile(reads, 50), readP99: percentile(reads, 99), loopP99: delay.percentile(99) / 1e6 };
}

/** What a competent engineer writes by hand: a server-side cursor, publish each row, await acks a window at a time. */
async function baseline(stream) {
  const nc = await connect({ servers: NATS_URL });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await (await jetstreamManager(nc)).streams.add({ name: stream.name, subjects: [`${stream.prefix}.>`] });
    const js = jetstream(nc);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await client.query(`DECLARE log NO SCROLL CURSOR FOR
      SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_version, type, schema_version, data, metadata,
        event_id::text AS event_id, recorded_at
      FROM events ORDER BY transaction_id, global_position`);
    let inFlight = [];
    let prev = { xid: '0', position: 0 };
    let published = 0;
    for (;;) {
      const { rows } = await client.query(`FETCH ${BASELINE_FETCH} FROM log`);
      if (rows.length === 0) break;
      for (const row of rows) {
        const h = headers();
        h.set('Stardeck-Prev-Position', String(prev.position));
        h.set('Stardeck-Prev-Xid', prev.xid);
        const category = row.stream_id.split('-')[0].replace(/[^A-Za-z0-9_]/g, '_');
        inFlight.push(js.publish(`${stream.prefix}.${category}.${row.type}`, JSON.stringify(row), { msgID: row.event_id, headers: h }));
        prev = { xid: row.transaction_id, position: row.global_position };
        if (inFlight.length >= BASELINE_WINDOW) {
          await Promise.all(inFlight);
          published += inFlight.length;
          inFlight = [];
        }
      }
    }
    await Promise.all(inFlight);
    published += inFlight.length;
    await client.query('COMMIT');
    return published;
  } finally {
    await client.end();
    await nc.close();
  }
}

async function streamMessages(nc, name) {
  const info = await (await jetstreamManager(nc)).streams.info(name).catch(() => null);
  return info?.state.messages ?? 0;
}

/** The relay from the start of the log into an empty stream, until its checkpoint is at the log's end. */
async function relayCatchUp(stream, logSize, end) {
  await sql`delete from relay_state`.execute(database.db);
  const bus = new JetStreamBus({ url: NATS_URL, stream: stream.name, subjectPrefix: stream.prefix, logger });
  const relay = new Relay(store, bus, new PostgresLockManager(databaseUrl), logger);
  const nc = await connect({ servers: NATS_URL });
  try {
    const result = await probed(async () => {
      relay.start();
      await waitUntil(async () => {
        const row = await database.db.selectFrom('relay_state').select('last_position').executeTakeFirst();
        return row?.last_position === end;
      }, 3_600_000, 20);
    });
    const messages = await streamMessages(nc, stream.name);
    if (messages !== logSize) throw new Error(`the relay's stream holds ${messages} messages, the log ${logSize}`);
    return result;
  } finally {
    await relay.stop();
    await bus.close();
    await nc.close();
  }
}

const rate = (n, ms) => Math.round(n / (ms / 1000));
const row = (label, n, r) =>
  `${label.padEnd(22)} ${seconds(r.ms).padStart(8)} ${String(rate(n, r.ms)).padStart(8)} events/s   read p50 ${r.readP50.toFixed(1)} ms, p99 ${r.readP99.toFixed(1)} ms, event loop p99 ${r.loopP99.toFixed(1)} ms`;

try {
  await migrateToLatest(database.db);
  await generateCommunity(store, { members: 100, events: 3000 });
  const started = performance.now();
  const logSize = await amplifyLog(database.db, events, (n) => process.stderr.write(`\r  growing the log: ${n} events`));
  process.stderr.write('\n');
  const end = Number((await sql`select max(global_position) as end from events`.execute(database.db)).rows[0].end);
  const bytes = Number((await sql`select sum(pg_column_size(data) + pg_column_size(metadata))::bigint as n from events`.execute(database.db)).rows[0].n);
  console.log(`relay catch-up: ${logSize} events (${(bytes / logSize).toFixed(0)} bytes of payload on average), grown in ${seconds(performance.now() - started)}`);
  const idle = await probed(() => new Promise((resolve) => setTimeout(resolve, 3000)));
  console.log(`${'idle'.padEnd(41)}            read p50 ${idle.readP50.toFixed(1)} ms, p99 ${idle.readP99.toFixed(1)} ms, event loop p99 ${idle.loopP99.toFixed(1)} ms`);
  const ratios = [];
  for (let round = 1; round <= rounds; round++) {
    const base = paths.includes('baseline') && await probed(async () => {
      const n = await baseline(newStream(`BASE${round}`));
      if (n !== logSize) throw new Error(`the baseline published ${n} events of ${logSize}`);
    });
    if (base) console.log(row(`round ${round}: baseline`, logSize, base));
    const ours = paths.includes('relay') && await relayCatchUp(newStream(`RELAY${round}`), logSize, end);
    if (ours) console.log(row(`round ${round}: relay`, logSize, ours));
    if (base && ours) ratios.push(base.ms / ours.ms);
  }
  console.log(`relay / baseline: ${ratios.map((r) => `${r.toFixed(2)}x`).join(', ')} (goal: at least 10,000 events/s)`);
  console.log(load());
} finally {
  await database.close();
  for (const name of streams) await deleteJetStream(NATS_URL, name).catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}
