import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

const WEB_DIR = resolve(__dirname, '../../apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The slice of the browser's canvas API the checks use (tests compile without DOM types). */
interface Canvas2D {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

/** A fingerprint of what the starfield canvas shows: position-weighted alpha of every 7th pixel. */
function canvasInk(page: Page): Promise<number> {
  return page.locator('canvas.starfield').evaluate((element) => {
    const canvas = element as unknown as Canvas2D;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    for (let i = 3; i < data.length; i += 28) sum += data[i]! * ((i % 9973) + 1);
    return sum;
  });
}

/** Collects every Content-Security-Policy violation the page reports, from the first script on. */
function recordCspViolations(): void {
  const store = globalThis as unknown as { cspViolations: string[]; document: { addEventListener(type: string, listener: (event: any) => void): void } };
  store.cspViolations = [];
  store.document.addEventListener('securitypolicyviolation', (event: { violatedDirective: string; blockedURI: string }) => {
    store.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
  });
}

const cspViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);

describe('web client served by the API', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  /** Script errors, console errors and failed loads: a page that works shows none. */
  const pageErrors: string[] = [];

  let screenshots: string;

  /** Saves what the page shows for a person to look at; the cursor is caught mid-blink otherwise. */
  async function screenshot(name: string): Promise<void> {
    const path = join(screenshots, `${name}.png`);
    await page.screenshot({ path, animations: 'disabled' });
    console.log(`screenshot: ${path}`);
  }

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIR, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
    if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install it, or set CHROMIUM_PATH to its executable`);
    screenshots = await mkdtemp(join(tmpdir(), 'stardeck-web-'));
    server = await startTestServer({ webDir: WEB_DIR });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(recordCspViolations);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) pageErrors.push(`${response.status()} ${response.url()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the home page with its prompt, starfield and API readiness, within its content security policy', async () => {
    const response = await page.goto(`${server.url}/`);
    // The policy is really in force: scripts and styles from this origin only, inline ones refused.
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self';");
    await page.getByRole('heading', { level: 1, name: 'stardeck' }).waitFor();
    await page.getByText('stardeck:~$').first().waitFor();
    await page.getByRole('status').filter({ hasText: '[OK] api ready' }).waitFor();
    expect(await page.title()).toBe('home | stardeck');
    expect(await page.getByRole('main').count()).toBe(1);

    const canvas = page.locator('canvas.starfield');
    expect(await canvas.getAttribute('data-star-count')).toBe('444');
    expect(await canvas.getAttribute('aria-hidden')).toBe('true');
    const before = await canvasInk(page);
    expect(before).toBeGreaterThan(0);
    await page.waitForTimeout(400);
    expect(await canvasInk(page)).not.toBe(before);

    expect(await axeViolations(page)).toEqual([]);
    await screenshot('home');
    expect(await cspViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('redraws the starfield only when a star has moved a whole pixel, so a page left open stays cheap', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Counts clears of the star canvas, one per redraw.
    await context.addInitScript(() => {
      const scope = globalThis as unknown as { starRedraws: number; CanvasRenderingContext2D: { prototype: { clearRect(...args: unknown[]): void } } };
      scope.starRedraws = 0;
      const clear = scope.CanvasRenderingContext2D.prototype.clearRect;
      scope.CanvasRenderingContext2D.prototype.clearRect = function (this: unknown, ...args: unknown[]) {
        scope.starRedraws += 1;
        return clear.apply(this, args);
      };
    });
    const open = await context.newPage();
    await open.goto(`${server.url}/`);
    await open.getByRole('heading', { level: 1, name: 'stardeck' }).waitFor();
    const redraws = () => open.evaluate(() => (globalThis as unknown as { starRedraws: number }).starRedraws);
    const before = await redraws();
    const inkBefore = await canvasInk(open);
    await open.waitForTimeout(2_000);
    const perSecond = ((await redraws()) - before) / 2;
    // The nearest star crosses about 15 pixels a second on a 1,280-pixel canvas; every frame would be 60.
    expect(perSecond).toBeGreaterThan(5);
    expect(perSecond).toBeLessThan(25);
    expect(await canvasInk(open)).not.toBe(inkBefore);
    await context.close();
  });

  it('keeps the starfield still for visitors who prefer reduced motion', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const still = await context.newPage();
    await still.goto(`${server.url}/`);
    await still.getByRole('heading', { level: 1, name: 'stardeck' }).waitFor();
    const before = await canvasInk(still);
    expect(before).toBeGreaterThan(0);
    await still.waitForTimeout(400);
    expect(await canvasInk(still)).toBe(before);
    await context.close();
  });

  it('shows the API reference at /docs within its own policy', async () => {
    const docs = await browser.newPage();
    await docs.addInitScript(recordCspViolations);
    const errors: string[] = [];
    docs.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await docs.goto(`${server.url}/docs`);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await docs.getByText('/v1/login').first().waitFor();
    expect(await cspViolations(docs)).toEqual([]);
    expect(errors).toEqual([]);
    await docs.close();
  });

  it('answers an unknown deep path with the 404 page and a way home', async () => {
    const response = await page.goto(`${server.url}/no-such-page/deep`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: /not found/i }).waitFor();
    expect(await page.title()).toBe('not found | stardeck');
    await page.getByText('/no-such-page/deep: no such file or directory').waitFor();
    expect(await page.locator('canvas.starfield').count()).toBe(1);
    await screenshot('not-found');

    await page.getByRole('link', { name: /back to home/i }).click();
    await page.getByRole('heading', { level: 1, name: 'stardeck' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.title()).toBe('home | stardeck');
    expect(pageErrors).toEqual([]);
  });
});
