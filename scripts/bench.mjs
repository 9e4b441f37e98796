#!/usr/bin/env node
// `npm run bench`: every benchmark, one after the other, on freshly compiled packages. Each prints
// its figures beside a baseline run side by side. The event-store ones and those on a generated
// community need Postgres and NATS (DATABASE_URL, NATS_URL or their local defaults); the others run
// embedded. rebuild-at-scale and rebuild-rates, last, run for many minutes. Extra arguments pick benchmarks by name:
// `npm run bench -- relay-latency transcode`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = [
  'event-append', 'relay-latency', 'relay-catchup', 'range-ttfb', 'transcode', 'web-bundle', 'track-waveform', 'read-throughput', 'projection-catchup',
  'freshness', 'stream-scale', 'sonar-fanout', 'conversations', 'rebuild-at-scale', 'rebuild-rates',
];
const wanted = process.argv.slice(2);
const selected = wanted.length ? BENCHES.filter((name) => wanted.includes(name)) : BENCHES;
if (wanted.length && selected.length !== wanted.length) {
  console.error(`unknown benchmark; known: ${BENCHES.join(', ')}`);
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync('npx', ['tsc', '-b'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
for (const name of selected) {
  const script = fileURLToPath(new URL(`../bench/${name}.mjs`, import.meta.url));
  console.log(`\n== ${name}`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
