#!/usr/bin/env node
// Freshness: from the append of a new track until a subscriber's stream shows it, under a steady
// write load. Services mode (Postgres, NATS JetStream), API and projector as two servers in this
// process. Uses the compiled packages: run `npx tsc -b` first.
//
//   node bench/freshness.mjs [probes=200] [load events/s=200]
//
// A probe publishes a track as one member does (upload and transcode outcome through the track
// decider and its inline read model, in one transaction), then a subscriber reads GET /v1/stream
// back to back until the track is in it. Printed from the commit of the append until visible (the
// goal's measure), and from the start of the publishing transaction. The stream is read from
// inline read models, so what is measured is one page read under load; the projector runs beside
// it as in production. Meanwhile a generated community keeps appending at the given rate (sign-ups,
// uploads, plays, saves, comments…).
import { createRequire } from 'node:module';
import { createSite, generateCommunity, load, percentile, publishTrack, signIn } from './support.mjs';

const require = createRequire(import.meta.url);
const { generateSyntheticHistory } = require('@stardeck/domain');

const probes = Number(process.argv[2] ?? 200);
const loadRate = Number(process.argv[3] ?? 200);
const PROBE_GAP_MS = 200;

const site = await createSite('services');
const stopLoad = new AbortController();
try {
  const api = await site.start(['api']);
  await site.start(['projector']);
  const { store } = api.platform;
  const community = await generateCommunity(store, { members: 100, events: 3000 });
  const [owner, reader] = community.members.filter((m) => m.verified);
  const token = await signIn(api.url, reader);
  const auth = { authorization: `Bearer ${token}` };
  const subscribed = await fetch(`${api.url}/v1/subscribe`, {
    method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ username: owner.username }),
  });
  if (!subscribed.ok) throw new Error(`subscribing answered ${subscribed.status}`);
  const list = { name: 'GET /v1/stream', url: `${api.url}/v1/stream`, headers: auth };

  const background = generateSyntheticHistory(store, {
    seed: 7, members: 1000, events: Number.MAX_SAFE_INTEGER, passwordHash: 'x', label: 'load', commandsPerTransaction: 10, eventsPerSecond: loadRate,
    signal: stopLoad.signal,
  }).catch((error) => { if (!stopLoad.signal.aborted) throw error; });

  // From the append's commit (the event exists) until visible, and from the start of the write.
  const samples = [];
  const withWrite = [];
  let reads = 0;
  for (let i = 0; i < probes + 10; i++) {
    const title = `probe ${i} ${Date.now()}`;
    const started = performance.now();
    await publishTrack(store, owner, title);
    const committed = performance.now();
    for (;;) {
      reads += 1;
      const text = await (await fetch(list.url, { headers: list.headers })).text();
      if (text.includes(title)) break;
    }
    if (i >= 10) {
      samples.push(performance.now() - committed);
      withWrite.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
  }
  stopLoad.abort();
  await background;
  samples.sort((a, b) => a - b);
  withWrite.sort((a, b) => a - b);
  console.log(`freshness: ${probes} tracks, append → visible in ${list.name}, under a load of ${loadRate} events/s (${reads} reads)`);
  console.log(`commit → visible: p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms, max ${samples.at(-1).toFixed(1)} ms (goal: p99 under 50 ms)`);
  console.log(`write start → visible (the publishing transaction included): p50 ${percentile(withWrite, 50).toFixed(1)} ms, p99 ${percentile(withWrite, 99).toFixed(1)} ms`);
  console.log(load());
} finally {
  stopLoad.abort();
  await site.remove();
}
