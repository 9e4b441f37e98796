#!/usr/bin/env node
// Range time-to-first-byte: the API's signed storage endpoint against a bare Node server that
// serves the same file with fs.createReadStream. Uses the compiled packages: run `npx tsc -b` first.
//
//   node bench/range-ttfb.mjs [requests=500]
//
// Embedded mode (PGlite, in-process bus), so it needs no services. Traffic stays on 127.0.0.1.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

const require = createRequire(import.meta.url);
const { startServer } = require('@stardeck/api');

const REQUESTS = Number(process.argv[2] ?? 500);
const WARMUP = 50;
const FILE_BYTES = 20 * 1024 * 1024;
const KEY = 'bench/track.mp3';

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The baseline: what serving a Range from disk costs with nothing but Node's http and fs. */
function startBareServer(path) {
  const server = createServer(async (req, res) => {
    // Like any file server, it looks at the file on each request: it may have been replaced.
    const { size } = await stat(path);
    const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!match) {
      res.writeHead(200, { 'content-length': size, 'content-type': 'audio/mpeg' });
      return createReadStream(path).pipe(res);
    }
    const start = Number(match[1]);
    const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    res.writeHead(206, { 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}`, 'content-type': 'audio/mpeg' });
    createReadStream(path, { start, end }).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Milliseconds from sending the request to the first body byte; the rest is drained, not timed. */
function timeToFirstByte(url, range) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let first = null;
    const req = request(url, { agent, headers: { range } }, (res) => {
      if (res.statusCode !== 206) reject(new Error(`${url} answered ${res.statusCode} to ${range}`));
      res.on('data', () => { first ??= process.hrtime.bigint(); });
      res.on('end', () => resolve(Number(first - started) / 1e6));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function randomRange() {
  // Seeks in an audio player: anywhere in the file, 64 KiB to 1 MiB at a time.
  const length = 64 * 1024 + Math.floor(Math.random() * (960 * 1024));
  const start = Math.floor(Math.random() * (FILE_BYTES - length));
  return `bytes=${start}-${start + length - 1}`;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-bench-'));
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'silent' };
  const app = await startServer({ roles: ['api'], env, webDir: null });
  let bare = null;
  try {
    await app.platform.storage.put(KEY, randomBytes(FILE_BYTES), { contentType: 'audio/mpeg' });
    bare = await startBareServer(join(dataDir, 'objects', ...KEY.split('/')));
    const urls = {
      app: await app.platform.storage.signDownload(KEY, { expiresInSeconds: 3600 }),
      bare: `http://127.0.0.1:${bare.address().port}/track.mp3`,
    };
    const samples = { app: [], bare: [] };
    for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
      // Same range for both, taking turns at going first, so disk cache and machine noise hit them alike.
      const range = randomRange();
      for (const name of i % 2 === 0 ? ['app', 'bare'] : ['bare', 'app']) {
        const ms = await timeToFirstByte(urls[name], range);
        if (i >= WARMUP) samples[name].push(ms);
      }
    }
    report(samples);
  } finally {
    agent.destroy();
    bare?.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(samples) {
  const rows = Object.entries(samples).map(([name, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { name, n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  const [app, bare] = rows;
  console.log(`Range TTFB, ${REQUESTS} random ranges of 64 KiB-1 MiB from a ${FILE_BYTES / 1024 / 1024} MiB object (ms)`);
  console.log('server                          n      p50      p99');
  for (const row of rows) {
    const label = row.name === 'app' ? 'stardeck /v1/storage/objects' : 'bare http + fs.createReadStream';
    console.log(`${label.padEnd(31)} ${String(row.n).padStart(4)} ${row.p50.toFixed(3).padStart(8)} ${row.p99.toFixed(3).padStart(8)}`);
  }
  console.log(`ratio stardeck/bare: p50 ${(app.p50 / bare.p50).toFixed(2)}x, p99 ${(app.p99 / bare.p99).toFixed(2)}x`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
