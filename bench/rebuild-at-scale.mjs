#!/usr/bin/env node
// Rebuild at scale: a generated community of 500 members and 50,000 events, projected live (inline
// read models in the appending transactions, async ones by the projector as the events arrive);
// then every read model is emptied and rebuilt from the log and must come back row for row. On
// services and on embedded. Uses the compiled packages: run `npx tsc -b` first.
//
//   node bench/rebuild-at-scale.mjs [members=500] [events=50000] [configs=services,embedded]
import { createRequire } from 'node:module';
import { createSite, generateCommunity, load, seconds, waitUntil } from './support.mjs';

const require = createRequire(import.meta.url);
const { ASYNC_PROJECTIONS, INLINE_PROJECTIONS } = require('@stardeck/domain');
const { ProjectionAdmin } = require('@stardeck/projector');
const { createLogger } = require('@stardeck/infra');

const members = Number(process.argv[2] ?? 500);
const events = Number(process.argv[3] ?? 50_000);
const configs = (process.argv[4] ?? 'services,embedded').split(',');
const READ_MODELS = [...INLINE_PROJECTIONS, ...ASYNC_PROJECTIONS];

/** Every row of the projection's tables as JSON text, sorted: two readings compare whatever order the database chose. */
async function snapshot(db, projection) {
  const tables = {};
  for (const table of projection.tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

function difference(live, rebuilt) {
  for (const table of Object.keys(live)) {
    const a = live[table];
    const b = rebuilt[table];
    if (a.length !== b.length) return `${table}: ${a.length} rows live, ${b.length} after the rebuild`;
    const i = a.findIndex((row, n) => row !== b[n]);
    if (i >= 0) return `${table}: live ${a[i].slice(0, 300)} … rebuilt ${b[i].slice(0, 300)}`;
  }
  return null;
}

async function run(config) {
  const started = performance.now();
  const site = await createSite(config);
  try {
    // No transcoder: generated tracks come with their outcome, and nothing else may append meanwhile.
    const server = await site.start(['api', 'projector']);
    const { store, bus, locks, database } = server.platform;
    const admin = new ProjectionAdmin(READ_MODELS, store, bus, locks, createLogger('silent'));
    const history = await generateCommunity(store, { members, events });
    const generated = performance.now();
    await waitUntil(async () => (await admin.status()).filter((s) => s.kind === 'async').every((s) => s.status === 'live' && s.lag === 0), 1_800_000, 200);
    const caughtUp = performance.now();
    console.log(`${config}: ${history.events} events from ${history.members.length} members (${history.tracks.length} tracks) in ${seconds(generated - started)}` +
      ` (${Math.round(history.events / history.seconds)} events/s appended, inline read models included); async read models live ${seconds(caughtUp - generated)} later`);
    console.log('read model            kind     rows  rebuild   equal');
    const failures = [];
    for (const projection of READ_MODELS) {
      const live = await snapshot(database.db, projection);
      const rows = Object.values(live).reduce((sum, t) => sum + t.length, 0);
      const from = performance.now();
      const outcome = await admin.rebuild(projection.name);
      if (outcome.ran === 'owner') await admin.waitUntilLive(projection.name);
      const took = performance.now() - from;
      const problem = rows === 0 ? 'no rows: the history never reached it' : difference(live, await snapshot(database.db, projection));
      if (problem) failures.push(`${projection.name}: ${problem}`);
      console.log(`${projection.name.padEnd(21)} ${projection.kind.padEnd(6)} ${String(rows).padStart(6)} ${seconds(took).padStart(8)}   ${problem ? 'NO' : 'yes'}`);
    }
    console.log(`${config}: ${seconds(performance.now() - started)} in all, ${load()}`);
    return failures;
  } finally {
    await site.remove();
  }
}

const failures = [];
for (const config of configs) failures.push(...(await run(config)));
if (failures.length) {
  console.error(`read models that differ from their rebuild:\n${failures.join('\n')}`);
  process.exit(1);
}
