import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Chromium against the built client served by the API: launching, pages that record what went
 * wrong (script errors, console errors, failed loads, CSP violations), axe-core scans and
 * screenshots.
 */
export const WEB_DIR = resolve(__dirname, '../../apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function assertWebBuilt(): void {
  if (!existsSync(join(WEB_DIR, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
}

/**
 * Chromium whose contexts (and so pages) prefer reduced motion unless a test asks otherwise with
 * `reducedMotion: 'no-preference'`. Headless Chromium composites in software: a page left open
 * with the starfield and the blinking cursor kept about a sixth of a core busy (1.7 CPU-seconds in
 * 10 s, against 0.03 reduced), for every page of every browser test. Motion itself is tested where
 * it is the subject (home, the user transition), on contexts that ask for it.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  // newPage() creates its context through newContext(), so it gets the same default.
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Collects every Content-Security-Policy violation the page reports, from the first script on. */
function recordCspViolations(): void {
  const store = globalThis as unknown as { cspViolations: string[]; document: { addEventListener(type: string, listener: (event: any) => void): void } };
  store.cspViolations = [];
  store.document.addEventListener('securitypolicyviolation', (event: { violatedDirective: string; blockedURI: string }) => {
    store.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
  });
}

export interface WatchedPage {
  page: Page;
  /** Script errors, console errors and 4xx/5xx loads, in order. */
  problems: string[];
  cspViolations(): Promise<string[]>;
}

/** Attaches the recorders to every page of the context, present and future. */
export async function watchContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordCspViolations);
}

export function watch(page: Page): WatchedPage {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror ${error.message}`));
  page.on('console', (message) => {
    // Chromium logs every failed load as a console error too; the response handler names it better.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return {
    page,
    problems,
    cspViolations: () => page.evaluate(() => (globalThis as unknown as { cspViolations?: string[] }).cspViolations ?? []),
  };
}

/** The viewport the suites test at: a laptop screen. */
const DESKTOP = { width: 1280, height: 900 };

/** A new tab in a context of its own, its recorders attached before the first script runs. */
export async function openWatchedPage(browser: Browser, viewport = DESKTOP): Promise<WatchedPage & { context: BrowserContext }> {
  const context = await browser.newContext({ viewport });
  await watchContext(context);
  return { context, ...watch(await context.newPage()) };
}

let axeSource: string | null = null;

/**
 * axe-core's serious and critical violations on what the page shows now. The script goes in
 * through the DevTools protocol, which the page's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');
  // Colours are judged as they settle, not halfway through a fade-in: what an answer that just
  // arrived renders (a toast) starts its animation a frame or two later, so wait for those first.
  await page.evaluate(() => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve))));
  await page.evaluate(() => {
    const animations = (globalThis as any).document.getAnimations() as Array<{ finished: Promise<unknown>; effect: { getComputedTiming(): { iterations: number } } | null }>;
    return Promise.all(animations.filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)));
  });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: { target: unknown }) => JSON.stringify(n.target)).slice(0, 3) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id} at ${v.nodes.join(', ')}`);
}

let screenshotDir: Promise<string> | null = null;

/** Saves what the page shows for a person to look at, and prints where. */
export async function screenshot(page: Page, name: string): Promise<string> {
  screenshotDir ??= mkdtemp(join(tmpdir(), 'stardeck-web-'));
  const path = join(await screenshotDir, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  console.log(`screenshot: ${path}`);
  return path;
}

/** Signs a member in as a person does: the header's login button, the login modal, then /discover. */
export async function signInThroughModal(page: Page, site: string, member: { email: string; password: string }): Promise<void> {
  await page.goto(`${site}/`);
  await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
  const dialog = page.getByRole('dialog', { name: 'login' });
  await dialog.getByLabel('email').fill(member.email);
  await dialog.getByLabel('password').fill(member.password);
  await dialog.getByRole('button', { name: 'login', exact: true }).click();
  await page.waitForURL(`${site}/discover`);
}
