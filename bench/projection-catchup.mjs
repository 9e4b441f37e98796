#!/usr/bin/env node
// Projection catch-up: how many events per second the projections get through, as a ratio to the
// rate the write side appends them. Services mode, on a generated community. Uses the compiled
// packages: run `npx tsc -b` first.
//
//   node bench/projection-catchup.mjs [members=200] [events=20000]
//
// 1. Append rate: an API process without projector; the community is written one command per
//    transaction, as the API commits them (decide, append, inline read model), minus HTTP.
// 2. Catch-up: a projector process starts on that log and every async read model and outbox
//    (each with its own checkpoint, side by side) applies it from the start; timed until all are
//    live with nothing left, and each on its own.
// 3. Inline read models rebuilt from the log, one after another.
import { createRequire } from 'node:module';
import { createSite, generateCommunity, load, seconds } from './support.mjs';

const require = createRequire(import.meta.url);
const { INLINE_PROJECTIONS } = require('@stardeck/domain');
const { ProjectionAdmin, allProjections } = require('@stardeck/projector');
const { createLogger } = require('@stardeck/infra');

const members = Number(process.argv[2] ?? 200);
const events = Number(process.argv[3] ?? 20_000);

const site = await createSite('services');
try {
  const api = await site.start(['api']);
  const history = await generateCommunity(api.platform.store, { members, events, commandsPerTransaction: 1 });
  const logSize = await api.platform.store.countAfter();
  const appendRate = history.events / history.seconds;
  const admin = new ProjectionAdmin(allProjections(api.platform), api.platform.store, api.platform.bus, api.platform.locks, createLogger('silent'));

  const started = performance.now();
  const projector = await site.start(['projector']);
  const done = new Map();
  for (;;) {
    const statuses = (await admin.status()).filter((s) => s.kind === 'async');
    const now = performance.now();
    for (const s of statuses) if (!done.has(s.name) && s.status === 'live' && s.lag === 0) done.set(s.name, now - started);
    if (statuses.every((s) => done.has(s.name))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const catchUp = Math.max(...done.values());
  await site.stop(projector);

  let inline = 0;
  for (const projection of INLINE_PROJECTIONS) {
    const from = performance.now();
    await admin.rebuild(projection.name);
    inline += performance.now() - from;
  }

  const rate = (ms) => logSize / (ms / 1000);
  console.log(`projection catch-up: ${history.events} events appended by ${history.members.length} members (${logSize} in the log)`);
  console.log(`append rate, one command per transaction, inline read models included: ${appendRate.toFixed(0)} events/s`);
  console.log('async read models and outboxes from the start of the log, side by side:');
  for (const [name, ms] of [...done].sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(20)} ${seconds(ms).padStart(8)}  ${rate(ms).toFixed(0).padStart(7)} events/s`);
  console.log(`all async caught up in ${seconds(catchUp)}: ${rate(catchUp).toFixed(0)} events/s, ${(rate(catchUp) / appendRate).toFixed(1)}x the append rate (goal: at least 5x)`);
  console.log(`inline read models rebuilt one after another in ${seconds(inline)}: ${rate(inline).toFixed(0)} events/s, ${(rate(inline) / appendRate).toFixed(1)}x the append rate`);
  console.log(load());
} finally {
  await site.remove();
}
