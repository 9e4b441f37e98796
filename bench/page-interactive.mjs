#!/usr/bin/env node
// Time to interactive of /discover and of a profile page, in Chromium, on a community of 500
// members and 5,000 tracks, beside a visitor's home page of the same site as the floor (the app
// shell with no data to load).
//
//   node bench/page-interactive.mjs [loads=8] [members=500] [tracks=5000]
//
// "Interactive" here: the page's content is on screen (discover: its stats and track list; the
// profile: its track list) and the main thread has been free of long tasks (over 50 ms, from the
// browser's Long Tasks API) for 500 ms since; the figure is the later of the content's first
// frame and the end of the last long task before that quiet window, from navigation start.
// Each page is loaded `loads` times as a full load (scripts from the browser cache after the
// first) and as many times by a click from another page of the app.
//
// Needs Postgres and NATS (the community is generated on services), and `npm run build`
// (compiled packages and apps/web/dist). Chromium comes from CHROMIUM_PATH or /usr/bin/chromium.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSite, generateCommunity, load, MEMBER_PASSWORD, publishTrack, waitUntil } from './support.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { ProjectionAdmin } = require('@stardeck/projector');
const { ASYNC_PROJECTIONS, INLINE_PROJECTIONS } = require('@stardeck/domain');
const { createLogger } = require('@stardeck/infra');

const LOADS = Number(process.argv[2] ?? 8);
const MEMBERS = Number(process.argv[3] ?? 500);
const TRACKS = Number(process.argv[4] ?? 5000);
const QUIET_MS = 500;
const webDir = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
if (!existsSync(join(webDir, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`.padStart(8);

/** Collects long tasks from the first script on, so a page's start-up work is counted. */
function recordLongTasks() {
  globalThis.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** performance.now() when the selector first matched, and when the thread then stayed quiet (see top). */
async function interactiveAt(page, selector, since = 0) {
  const shown = await page.waitForFunction((css) => (globalThis.document.querySelector(css) ? performance.now() : false), selector, { polling: 'raf', timeout: 60_000 })
    .then((handle) => handle.jsonValue());
  return page.evaluate(([shownAt, quiet, from]) => new Promise((resolve) => {
    const check = () => {
      const tasks = globalThis.__longTasks.filter((task) => task.end > from);
      const lastEnd = tasks.reduce((latest, task) => Math.max(latest, task.end), shownAt);
      if (performance.now() - lastEnd >= quiet) resolve({ shown: shownAt, interactive: lastEnd, longTasks: tasks.length });
      else setTimeout(check, 50);
    };
    check();
  }), [shown, QUIET_MS, since]);
}

const site = await createSite('services');
let browser = null;
try {
  const seeding = await site.start(['api', 'projector']);
  const store = seeding.platform.store;
  // About one track per ten events; the rest of the 5,000 are published by the busiest uploaders.
  const history = await generateCommunity(store, { members: MEMBERS, events: Math.min(15_000, TRACKS * 10) });
  const uploaders = history.members.filter((m) => m.verified).slice(0, 50);
  let published = history.tracks.length;
  for (let i = 0; published < TRACKS; i += 1, published += 1) {
    await publishTrack(store, uploaders[i % uploaders.length], `Bench Track ${i}`);
    if (i % 250 === 0) process.stderr.write(`\r  publishing: ${published} tracks`);
  }
  process.stderr.write('\n');
  const admin = new ProjectionAdmin([...INLINE_PROJECTIONS, ...ASYNC_PROJECTIONS], store, seeding.platform.bus, seeding.platform.locks, createLogger('silent'));
  await waitUntil(async () => (await admin.status()).filter((s) => s.kind === 'async').every((s) => s.status === 'live' && s.lag === 0), 600_000, 200);
  await site.stop(seeding);
  const api = await site.start(['api'], { webDir });

  // The profile of the member with the most tracks; the viewer is someone else.
  const byTracks = new Map();
  for (const track of history.tracks) byTracks.set(track.owner, (byTracks.get(track.owner) ?? 0) + 1);
  for (const [i, uploader] of uploaders.entries()) byTracks.set(uploader, (byTracks.get(uploader) ?? 0) + Math.floor((TRACKS - history.tracks.length + uploaders.length - 1 - i) / uploaders.length));
  const star = [...byTracks].sort((a, b) => b[1] - a[1])[0][0];
  const viewer = history.members.find((m) => m.verified && m !== star);

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await visitor.addInitScript(recordLongTasks);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(recordLongTasks);
  await page.goto(`${api.url}/`);
  await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
  const dialog = page.getByRole('dialog', { name: 'login' });
  await dialog.getByLabel('email').fill(viewer.email);
  await dialog.getByLabel('password').fill(MEMBER_PASSWORD);
  await dialog.getByRole('button', { name: 'login', exact: true }).click();
  await page.waitForURL(`${api.url}/discover`);

  // The floor is a visitor's home page (a member's / goes on to /discover): the shell, no data.
  const screens = [
    { name: "home, a visitor's (floor)", tab: visitor, path: '/', selector: 'main .home .listing li' },
    { name: '/discover', tab: page, path: '/discover', selector: 'main .discover-stats', from: `/${viewer.username}/links` },
    { name: `/${star.username} (${byTracks.get(star)} tracks)`, tab: page, path: `/${star.username}`, selector: 'main .track-list li', from: `/explore/users?search=${star.username}` },
  ];
  const rows = [];
  for (const screen of screens) {
    const tab = screen.tab;
    const full = [];
    for (let i = 0; i < LOADS; i += 1) {
      await tab.goto(`${api.url}${screen.path}`, { waitUntil: 'commit' });
      full.push(await interactiveAt(tab, screen.selector));
      if (process.env.BENCH_TRACE) console.error(screen.path, JSON.stringify(full.at(-1)));
    }
    const inApp = [];
    for (let i = 0; i < LOADS && screen.from; i += 1) {
      await tab.goto(`${api.url}${screen.from}`);
      const link = tab.locator(`main a[href="${screen.path}"], header a[href="${screen.path}"]`).first();
      await link.waitFor({ timeout: 60_000 });
      await tab.waitForLoadState('networkidle');
      const clickedAt = await tab.evaluate(() => performance.now());
      await link.click();
      const at = await interactiveAt(tab, screen.selector, clickedAt);
      inApp.push({ shown: at.shown - clickedAt, interactive: at.interactive - clickedAt });
    }
    rows.push({ screen, full, inApp });
  }

  const of = (runs, key) => runs.map((run) => run[key]);
  console.log(`time to interactive (Chromium; ${history.members.length} members, ${TRACKS} tracks; ${LOADS} loads each; ${load()})`);
  console.log('  medians from navigation start (full load) or from the click (in app); content = first frame with the page\'s data');
  console.log(`  ${'page'.padEnd(34)} ${'full: content'.padStart(14)} ${'interactive'.padStart(12)} ${'max'.padStart(8)} ${'in app: content'.padStart(16)} ${'interactive'.padStart(12)} ${'max'.padStart(8)}`);
  const floor = median(of(rows[0].full, 'interactive'));
  for (const { screen, full, inApp } of rows) {
    const app = inApp.length
      ? `${ms(median(of(inApp, 'shown'))).padStart(16)} ${ms(median(of(inApp, 'interactive'))).padStart(12)} ${ms(Math.max(...of(inApp, 'interactive')))}`
      : `${'-'.padStart(16)} ${'-'.padStart(12)} ${'-'.padStart(8)}`;
    const interactive = median(of(full, 'interactive'));
    console.log(`  ${screen.name.padEnd(34)} ${ms(median(of(full, 'shown'))).padStart(14)} ${ms(interactive).padStart(12)} ${ms(Math.max(...of(full, 'interactive')))} ${app}   (${(interactive / floor).toFixed(2)}× home)`);
  }
} finally {
  await browser?.close();
  await site.remove();
}
