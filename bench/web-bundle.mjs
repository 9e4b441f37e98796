#!/usr/bin/env node
// Web bundle: the gzipped JavaScript each route adds on top of the app shell, and the JavaScript a
// signed-out visitor's browser really downloads for the home page, measured in Chromium. The goal
// (docs: ARCHITECTURE.md, web client) is at most 170 KB gzipped for that first visit.
//
//   node bench/web-bundle.mjs
//
// Builds the client into a temporary folder with Vite's manifest (the served build has none),
// then serves that build from the API in embedded mode. Uses the compiled packages: run
// `npx tsc -b` first. Chromium comes from CHROMIUM_PATH or /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { startServer } = require('@stardeck/api');
const { chromium } = require('playwright-core');

const GOAL_KB = 170;
const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'stardeck-bundle-'));
const outDir = join(work, 'dist');

const build = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], { cwd: join(root, 'apps/web'), stdio: 'ignore' });
if (build.status !== 0) {
  console.error('vite build failed: run `npm run build -w apps/web` to see why');
  process.exit(1);
}

const gzipKb = (bytes) => gzipSync(bytes, { level: 9 }).length / 1024;
const fileKb = (file) => gzipKb(readFileSync(join(outDir, file)));
const kb = (value) => `${value.toFixed(1)} KB`;

// ---- per route, from the manifest: what loading its lazy module adds to what the entry loaded
const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));

/** The chunk and every chunk it imports statically, as output file names. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = closure(entryKey);
const entryKb = [...entryFiles].reduce((sum, file) => sum + fileKb(file), 0);

const lazyModules = Object.keys(manifest).filter((key) => /^src\/(app\/routes|features\/[^/]+\/components)\/.+\.tsx$/.test(key) && manifest[key].isDynamicEntry);
const rows = lazyModules.map((key) => {
  const added = [...closure(key)].filter((file) => !entryFiles.has(file));
  return { module: key.replace(/^src\//, ''), kb: added.reduce((sum, file) => sum + fileKb(file), 0) };
});

console.log('gzipped JavaScript (level 9)');
console.log(`  ${'app shell (entry and its imports)'.padEnd(58)} ${kb(entryKb).padStart(9)}`);
for (const row of rows.sort((a, b) => a.module.localeCompare(b.module))) {
  console.log(`  + ${row.module.padEnd(56)} ${kb(row.kb).padStart(9)}`);
}

// ---- in Chromium: what a signed-out visitor downloads for the home page
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const env = { ...process.env };
for (const name of ['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'STARDECK_SECRET', 'PUBLIC_URL']) delete env[name];
const port = await freePort();
const server = await startServer({
  roles: ['api'], webDir: outDir,
  env: {
    ...env, DATA_DIR: join(work, 'data'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent',
    // A named admin is made quietly; otherwise start-up prints generated credentials.
    STARDECK_ADMIN_EMAIL: 'bench@stardeck.local', STARDECK_ADMIN_PASSWORD: 'bench-password-1',
  },
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: 'stardeck' }).waitFor();
  const bodies = await Promise.all(scripts.map((response) => response.body()));
  const initial = bodies.reduce((sum, body) => sum + gzipKb(body), 0);
  const raw = bodies.reduce((sum, body) => sum + body.length, 0) / 1024;
  console.log(`\nsigned-out visitor, home page, in Chromium: ${scripts.length} scripts, ${kb(raw)} as served`);
  console.log(`  initial JavaScript gzipped: ${kb(initial)}   goal: ≤ ${GOAL_KB} KB   ${initial <= GOAL_KB ? 'within' : 'OVER'}`);

  await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
  await page.getByRole('dialog', { name: 'login' }).waitFor();
  await page.waitForLoadState('networkidle');
  const more = await Promise.all(scripts.slice(bodies.length).map((response) => response.body()));
  console.log(`  opening the login modal adds: ${kb(more.reduce((sum, body) => sum + gzipKb(body), 0))}`);
} finally {
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
