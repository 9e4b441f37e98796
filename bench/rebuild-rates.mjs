#!/usr/bin/env node
// Rebuild rates on a large log (issue 19): on services, a generated community's log of `events`
// events (10^6 by default) is kept in a named database between runs (generated once, reused after).
// Prints:
//   - the admin event list's first page and a page `back` events back (a keyset: the same cost);
//   - each read model's rebuild into shadow tables: the events it handles, the time, and the rate
//     in those events per second (and over the whole log);
//   - the longest time a writer (a member publishing a track, inline read model and all) waited
//     while the tracks model was rebuilt, beside the longest before.
// Uses the compiled packages: run `npx tsc -b` first. Postgres and NATS as for the other benches.
//
//   node bench/rebuild-rates.mjs [events=1000000] [database=stardeck_bench_log] [only=name,name]
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ADMIN_DATABASE_URL, NATS_URL, freePort, generateCommunity, load, percentile, publishTrack, seconds, waitUntil } from './support.mjs';
import { amplifyLog } from './log-amplifier.mjs';

const require = createRequire(import.meta.url);
const { startServer } = require('@stardeck/api');
const { ASYNC_PROJECTIONS, INLINE_PROJECTIONS } = require('@stardeck/domain');
const { ProjectionAdmin } = require('@stardeck/projector');
const { connectPostgres, createLogger } = require('@stardeck/infra');
/** The community the log grows from, made through the deciders. */
const BASE_EVENTS = 5000;

const events = Number(process.argv[2] ?? 1_000_000);
const databaseName = process.argv[3] ?? 'stardeck_bench_log';
const only = process.argv[4]?.split(',');
if (!/^[a-z0-9_]+$/.test(databaseName)) throw new Error('the database name is lowercase letters, digits and _');
const READ_MODELS = [...INLINE_PROJECTIONS, ...ASYNC_PROJECTIONS].filter((p) => !only || only.includes(p.name));
const ADMIN = { email: 'admin@bench.example', password: 'bench-admin-pw' };

async function ensureDatabase() {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (rows.length === 0) await client.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await client.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function median(n, work) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const from = performance.now();
    await work();
    times.push(performance.now() - from);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const ms = (n) => `${n.toFixed(1)} ms`;

async function main() {
  const databaseUrl = await ensureDatabase();
  const port = await freePort();
  const env = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'stardeck-bench-')), LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`, STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password,
    DATABASE_URL: databaseUrl, NATS_URL, NATS_STREAM: `STARDECK_${databaseName.toUpperCase()}`, NATS_SUBJECT_PREFIX: `${databaseName}.events`,
    STARDECK_SECRET: randomBytes(32).toString('hex'),
  };
  const start = () => startServer({ roles: ['api', 'projector'], env, webDir: null });
  const caughtUp = (admin) => waitUntil(async () => (await admin.status()).filter((s) => s.kind === 'async').every((s) => s.status === 'live' && s.lag === 0), 3_600_000, 1000);
  let server = await start();
  const url = `http://127.0.0.1:${port}`;
  try {
    let size = await server.platform.store.countAfter();
    if (size < events) {
      if (size < BASE_EVENTS) {
        const history = await generateCommunity(server.platform.store, { members: 100, events: BASE_EVENTS - size, label: 'base' });
        console.log(`community: ${history.events} events through the deciders in ${seconds(history.seconds * 1000)}`);
      }
      const { platform } = server;
      await caughtUp(new ProjectionAdmin(ASYNC_PROJECTIONS, platform.store, platform.bus, platform.locks, createLogger('silent')));
      await server.close();
      const direct = connectPostgres(databaseUrl);
      const from = performance.now();
      size = await amplifyLog(direct.db, events, (n) => process.stderr.write(`\r  log: ${n} events`));
      process.stderr.write('\n');
      console.log(`log grown to ${size} events by SQL in ${seconds(performance.now() - from)}`);
      await direct.close();
      server = await start();
    }
    const { store, bus, locks, database } = server.platform;
    const admin = new ProjectionAdmin([...INLINE_PROJECTIONS, ...ASYNC_PROJECTIONS], store, bus, locks, createLogger('silent'));
    await caughtUp(admin);
    // Read models that never had a rebuild lack what was written by SQL: a first rebuild brings it in.
    for (const row of await admin.status()) {
      if (row.last_rebuild || row.outbox) continue;
      const from = performance.now();
      await admin.rebuild(row.name).then((outcome) => (outcome.ran === 'owner' ? admin.waitUntilLive(row.name, undefined, 200) : undefined));
      process.stderr.write(`  first rebuild of ${row.name}: ${seconds(performance.now() - from)}\n`);
    }
    size = await store.countAfter();
    const head = await store.headPosition();
    console.log(`log: ${size} events (head ${head}) in database ${databaseName}; ${load()}`);

    // The event inspector: newest first, paged by a keyset on the global position.
    const login = await fetch(`${url}/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const token = login.headers.get('x-new-access-token');
    const page = (query) => fetch(`${url}/v1/admin/events?limit=50${query}`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => {
      if (!res.ok) throw new Error(`event list answered ${res.status}`);
      return res.json();
    });
    const back = Math.min(1_000_000, head - 100);
    const first = await median(21, () => page(''));
    const deep = await median(21, () => page(`&before=${head - back}`));
    console.log(`event list, 50 a page: first page ${ms(first)}, a page ${back} events back ${ms(deep)} (median of 21)`);

    // Each read model's rebuild into its shadow tables.
    console.log('read model            kind    handled   rebuild   handled/s    log/s');
    for (const projection of READ_MODELS) {
      const handled = await store.countCommitted(store.db, projection.handles);
      const from = performance.now();
      const outcome = await admin.rebuild(projection.name);
      if (outcome.ran === 'owner') await admin.waitUntilLive(projection.name, undefined, 50);
      const took = (performance.now() - from) / 1000;
      console.log(`${projection.name.padEnd(21)} ${projection.kind.padEnd(6)} ${String(handled).padStart(8)} ${`${took.toFixed(1)} s`.padStart(9)} ${String(Math.round(handled / took)).padStart(11)} ${String(Math.round(size / took)).padStart(8)}`);
    }

    // A writer publishing tracks one after another, before and during a rebuild of the tracks model.
    if (!only || only.includes('tracks')) {
      const owner = await database.db.selectFrom('users').select(['id']).orderBy('created_at').limit(1).executeTakeFirstOrThrow();
      let n = 0;
      const write = async () => {
        const from = performance.now();
        await publishTrack(store, owner, `bench writer ${Date.now()} ${n++}`);
        return performance.now() - from;
      };
      const before = [];
      for (let i = 0; i < 50; i++) before.push(await write());
      const during = [];
      let rebuilding = true;
      const writer = (async () => {
        while (rebuilding) during.push(await write());
      })();
      const from = performance.now();
      await admin.rebuild('tracks');
      const took = performance.now() - from;
      rebuilding = false;
      await writer;
      before.sort((a, b) => a - b);
      during.sort((a, b) => a - b);
      console.log(`writer (publish a track) before the rebuild: median ${ms(percentile(before, 50))}, longest ${ms(before.at(-1))}`);
      console.log(`writer during the tracks rebuild (${seconds(took)}, ${during.length} writes): median ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))}, longest ${ms(during.at(-1))}`);
    }
  } finally {
    await server.close();
  }
}

await main();
