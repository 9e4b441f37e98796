#!/usr/bin/env node
// Read throughput: hot reads through the API against a bare Fastify + pg handler that runs the same
// queries on the same database, with autocannon. Services mode, on a generated community. Uses the
// compiled packages: run `npx tsc -b` first.
//
//   node bench/read-throughput.mjs [members=500] [events=15000] [seconds=10] [connections=10]
//
// "The same queries" is meant literally: one request to each API route is sent first with pg's
// query function wrapped, and what the API ran (text, parameters, and which ran side by side) is
// what the bare handler replays for every request, minus the waveform column.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { createSite, generateCommunity, load, signIn, waitUntil } from './support.mjs';
import { recordQueries, startBare } from './bare-replay.mjs';

const require = createRequire(import.meta.url);
// The bare handler runs on the Fastify the API itself runs on.
const { ProjectionAdmin } = require('@stardeck/projector');
const { ASYNC_PROJECTIONS, INLINE_PROJECTIONS } = require('@stardeck/domain');
const { createLogger } = require('@stardeck/infra');

const members = Number(process.argv[2] ?? 500);
const events = Number(process.argv[3] ?? 15_000);
const duration = Number(process.argv[4] ?? 10);
const connections = Number(process.argv[5] ?? 10);

/** The API's queries with the waveform left out, as the bare handler runs them. */
const withoutWaveforms = (waves) => waves.map((wave) => wave.map((q) => ({ ...q, text: q.text.replace(/"tracks"\."list_peaks",\s*/g, '') })));

function cannon(url, path, headers) {
  return autocannon({ url: url + path, headers, connections, duration, workers: 1 });
}

async function main() {
  const site = await createSite('services');
  let bare = null;
  try {
    const seeding = await site.start(['api', 'projector']);
    const history = await generateCommunity(seeding.platform.store, { members, events });
    const admin = new ProjectionAdmin([...INLINE_PROJECTIONS, ...ASYNC_PROJECTIONS], seeding.platform.store, seeding.platform.bus, seeding.platform.locks, createLogger('silent'));
    await waitUntil(async () => (await admin.status()).filter((s) => s.kind === 'async').every((s) => s.status === 'live' && s.lag === 0), 600_000, 200);
    await site.stop(seeding);
    const api = await site.start(['api']);

    // The member with the most tracks: their profile is the heaviest to count up.
    const byTracks = new Map();
    for (const track of history.tracks) byTracks.set(track.owner, (byTracks.get(track.owner) ?? 0) + 1);
    const star = [...byTracks].sort((a, b) => b[1] - a[1])[0][0];
    const viewer = history.members.find((m) => m.verified && m !== star);
    const token = await signIn(api.url, viewer);
    const auth = { authorization: `Bearer ${token}` };

    const routes = [
      { name: 'GET /v1/tracks', path: '/v1/tracks', headers: {} },
      { name: 'GET /v1/users/{username}', path: `/v1/users/${star.username}`, headers: auth },
      { name: 'GET /v1/discover', path: '/v1/discover', headers: {} },
    ];
    const measured = [];
    for (const route of routes) {
      // The second request is recorded: by then the pool has a connection for each query sent side by side.
      await fetch(api.url + route.path, { headers: route.headers });
      let response = null;
      const waves = await recordQueries(async () => { response = await fetch(api.url + route.path, { headers: route.headers }); });
      if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
      const bytes = (await response.arrayBuffer()).byteLength;
      measured.push({ ...route, waves: withoutWaveforms(waves), bytes });
    }
    if (process.env.BENCH_VERBOSE) {
      for (const r of measured) console.log(r.name, r.waves.map((wave) => wave.map((q) => q.text.replace(/\s+/g, ' ').slice(0, 100))));
    }
    bare = await startBare(site.env.DATABASE_URL, measured.map((r) => ({ path: r.path, waves: r.waves })));

    console.log(`read throughput: ${history.members.length} members, ${history.tracks.length} tracks, ${history.events} events; autocannon ${connections} connections × ${duration} s each`);
    console.log('route                        queries  API req/s  bare req/s  ratio   API p50/p99 ms   bare p50/p99 ms  API bytes  bare bytes');
    for (const route of measured) {
      const bareBytes = (await (await fetch(bare.url + route.path)).arrayBuffer()).byteLength;
      // Warm both, then measure them one after the other, bare first on every other route.
      await cannon(api.url, route.path, route.headers);
      await cannon(bare.url, route.path, {});
      const order = measured.indexOf(route) % 2 === 0 ? ['api', 'bare'] : ['bare', 'api'];
      const result = {};
      for (const side of order) result[side] = side === 'api' ? await cannon(api.url, route.path, route.headers) : await cannon(bare.url, route.path, {});
      const errors = result.api.non2xx + result.api.errors;
      if (errors) throw new Error(`${route.name}: ${errors} failed requests through the API`);
      const queries = route.waves.reduce((n, wave) => n + wave.length, 0);
      const ratio = result.api.requests.average / result.bare.requests.average;
      console.log(`${route.name.padEnd(28)} ${String(queries).padStart(7)} ${result.api.requests.average.toFixed(0).padStart(10)} ${result.bare.requests.average.toFixed(0).padStart(11)} ${ratio.toFixed(2).padStart(6)}x` +
        ` ${`${result.api.latency.p50}/${result.api.latency.p99}`.padStart(16)} ${`${result.bare.latency.p50}/${result.bare.latency.p99}`.padStart(17)} ${String(route.bytes).padStart(10)} ${String(bareBytes).padStart(11)}`);
    }
    console.log(load());
  } finally {
    await bare?.close();
    await site.remove();
  }
}

await main();
