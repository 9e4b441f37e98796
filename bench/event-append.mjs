#!/usr/bin/env node
// Event append throughput: EventStore.append (version check, unique (stream, version), inline
// transaction) against a plain batched INSERT + COMMIT of the same rows into a same-shaped table
// with no checks. Both run side by side on one fresh database.
//   node bench/event-append.mjs [writers=20] [eventsPerWriter=500]
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { EventStore, connectPostgres, migrateToLatest } from '@stardeck/infra';

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const writers = Number(process.argv[2] ?? 20);
const perWriter = Number(process.argv[3] ?? 500);

const name = `stardeck_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = connectPostgres(url.toString(), { max: writers });

try {
  await migrateToLatest(database.db);
  await sql`CREATE TABLE plain_events (
    global_position bigserial PRIMARY KEY, transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
    stream_id text NOT NULL, stream_version integer NOT NULL, type text NOT NULL, schema_version integer NOT NULL DEFAULT 1,
    data jsonb NOT NULL, metadata jsonb NOT NULL DEFAULT '{}'::jsonb, event_id uuid NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())`.execute(database.db);
  const store = new EventStore(database.db);
  const payload = (w, i) => ({ type: 'TrackSaved', data: { writer: w, i, track: `track-${i % 97}` } });
  const metadata = { actor: 'bench', request_id: 'bench' };

  const viaStore = (batch, run) => async (w) => {
    for (let v = 0; v < perWriter; v += batch) {
      await store.append(`bench${run}-${w}`, v, Array.from({ length: batch }, (_, k) => payload(w, v + k)), metadata);
    }
  };
  const plain = (batch, run) => async (w) => {
    for (let v = 0; v < perWriter; v += batch) {
      const rows = Array.from({ length: batch }, (_, k) => {
        const { type, data } = payload(w, v + k);
        return { stream_id: `plain${run}-${w}`, stream_version: v + k + 1, type, data: JSON.stringify(data), metadata: JSON.stringify(metadata), event_id: randomUUID() };
      });
      await database.db.transaction().execute((tx) => tx.insertInto('plain_events').values(rows).execute());
    }
  };
  const measure = async (work) => {
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: writers }, (_, w) => work(w)));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return (writers * perWriter) / seconds;
  };

  console.log(`event append: ${writers} writers × ${perWriter} events, pg pool of ${writers}, fresh database`);
  console.log('batch | EventStore.append ev/s | plain INSERT ev/s | ratio (store/plain)');
  let run = 0;
  for (const batch of [1, 10]) {
    await measure(viaStore(batch, `w${run}`)); // warm-up: plans, pool, caches
    await measure(plain(batch, `w${run++}`));
    const storeRate = await measure(viaStore(batch, run));
    const plainRate = await measure(plain(batch, run++));
    console.log(`${String(batch).padStart(5)} | ${storeRate.toFixed(0).padStart(22)} | ${plainRate.toFixed(0).padStart(17)} | ${(storeRate / plainRate).toFixed(2)}`);
  }
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
