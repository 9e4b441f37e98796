#!/usr/bin/env node
// Track page: the time from navigation to the first waveform drawn (the hero card's, from the
// peaks the track view carries), measured in Chromium against the built client served by the API.
//
//   node bench/track-waveform.mjs [loads=10]
//
// Starts the API and the transcoder embedded on a fresh data directory, uploads a generated
// 1-minute MP3 through the API as a member would (preflight, direct PUT, create) and waits until
// it is ready. A member signed in through the login modal then opens the track page `loads` times
// as a full page load (start-up sync and all, scripts from the browser cache after the first) and
// as many times by following the link from their tracks page (the app already running). "Drawn"
// is the first animation frame in which the hero card's canvas has ink; the time is the page's own
// clock (performance.now(): from navigation start, or from the click for in-app navigation).
// Needs `npm run build` first (compiled packages and apps/web/dist). Chromium comes from
// CHROMIUM_PATH or /usr/bin/chromium.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const { startServer } = require('@stardeck/api');
const { ffmpegBinaries } = require('@stardeck/transcoder');
const { chromium } = require('playwright-core');

const LOADS = Number(process.argv[2] || 10);
const EMAIL = 'bench@stardeck.local';
const PASSWORD = 'bench-password-1';
const TITLE = 'Bench Signal';
const webDir = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
if (!existsSync(join(webDir, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'stardeck-waveform-'));
const run = promisify(execFile);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const worst = (values) => Math.max(...values);
const ms = (value) => `${Math.round(value)} ms`;

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function api(base, path, init = {}) {
  const response = await fetch(`${base}${path}`, init);
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return { response, body };
}

/** Upload → create → ready, through the API, as the upload modal does it. Returns the track id. */
async function uploadTrack(base, token, file) {
  const bytes = readFileSync(file);
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.set('filename', 'bench-signal.mp3');
  form.set('filesize', String(bytes.length));
  form.set('filetype', 'audio/mpeg');
  form.set('file_chunk', new Blob([bytes.subarray(0, 4096)]), 'blob');
  const pre = (await api(base, '/v1/manage/tracks/preflight', { method: 'POST', headers: auth, body: form })).body.data;
  const put = await fetch(new URL(pre.upload_url, base), { method: 'PUT', headers: pre.headers, body: bytes });
  if (!put.ok) throw new Error(`PUT upload: ${put.status}`);
  const created = await api(base, '/v1/manage/tracks', {
    method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ key: pre.key, filename: 'bench-signal.mp3', mimetype: 'audio/mpeg', extension: 'mp3', filesize: bytes.length, title: TITLE, visibility: 'public' }),
  });
  const id = created.body.data.track.id;
  for (let waited = 0; waited < 120_000; waited += 250) {
    const { body } = await api(base, `/v1/tracks/${id}`, { headers: auth });
    if (body.data.track.status === 'ready') return id;
    if (body.data.track.status === 'failed') throw new Error('transcode failed');
    if (waited % 10_000 === 0) console.error(`track ${id}: ${body.data.track.status} ${body.data.track.progress ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('track not ready after 2 minutes');
}

/** Resolves with performance.now() at the first animation frame in which the hero waveform has ink. */
function waveformDrawn(page) {
  return page.waitForFunction((title) => {
    const canvas = globalThis.document.querySelector(`article.track-card--hero[aria-label="${title}"] .waveform canvas`);
    if (!canvas || canvas.width < 2) return false;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return performance.now();
    return false;
  }, TITLE, { polling: 'raf', timeout: 30_000 }).then((handle) => handle.jsonValue());
}

const env = { ...process.env };
for (const name of ['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'STARDECK_SECRET', 'PUBLIC_URL']) delete env[name];
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer({
  roles: ['api', 'projector', 'transcoder'], webDir,
  env: { ...env, DATA_DIR: join(work, 'data'), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: 'silent', STARDECK_ADMIN_EMAIL: EMAIL, STARDECK_ADMIN_PASSWORD: PASSWORD },
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const audio = join(work, 'signal.mp3');
  await run(ffmpegBinaries().ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'aevalsrc=0.4*sin(2*PI*(220+110*sin(2*PI*t/30))*t):s=44100:d=60', '-c:a', 'libmp3lame', '-b:a', '192k', audio]);
  const signedIn = await api(base, '/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD, remember_me: false }) });
  const username = signedIn.body.me.username;
  const trackId = await uploadTrack(base, signedIn.response.headers.get('x-new-access-token'), audio);
  const trackUrl = `${base}/${username}/tracks/${trackId}`;

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/`);
  await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
  const dialog = page.getByRole('dialog', { name: 'login' });
  await dialog.getByLabel('email').fill(EMAIL);
  await dialog.getByLabel('password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'login', exact: true }).click();
  await page.waitForURL(`${base}/discover`);

  const fullLoads = [];
  for (let i = 0; i < LOADS; i++) {
    await page.goto(trackUrl, { waitUntil: 'commit' });
    fullLoads.push(await waveformDrawn(page));
  }
  const inApp = [];
  for (let i = 0; i < LOADS; i++) {
    await page.goto(`${base}/${username}`);
    const link = page.getByRole('link', { name: TITLE, exact: true }).first();
    await link.waitFor();
    const clickedAt = await page.evaluate(() => performance.now());
    await link.click();
    inApp.push((await waveformDrawn(page)) - clickedAt);
  }

  console.log(`track page, navigation → first waveform drawn (Chromium, ${LOADS} runs each, load average ${loadavg()[0].toFixed(1)})`);
  console.log(`  full page load (sync, track preload, draw):  first ${ms(fullLoads[0])}, median ${ms(median(fullLoads))}, max ${ms(worst(fullLoads))}`);
  console.log(`  from the user's tracks page, in the app:      median ${ms(median(inApp))}, max ${ms(worst(inApp))}`);
} finally {
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
