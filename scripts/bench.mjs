#!/usr/bin/env node
// `npm run bench`: the event-store benchmarks, one after the other, on the compiled packages.
// Needs Postgres and NATS (DATABASE_URL, NATS_URL or their local defaults). Extra arguments pick
// scripts by name: `npm run bench -- relay-latency`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = ['event-append', 'relay-latency'];
const wanted = process.argv.slice(2);
const selected = wanted.length ? BENCHES.filter((name) => wanted.includes(name)) : BENCHES;
if (wanted.length && selected.length !== wanted.length) {
  console.error(`unknown benchmark; known: ${BENCHES.join(', ')}`);
  process.exit(2);
}
for (const name of selected) {
  const script = fileURLToPath(new URL(`../bench/${name}.mjs`, import.meta.url));
  console.log(`\n== ${name}`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
