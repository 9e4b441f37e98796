import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, screenshot, watch } from '../support/browser';
import { call, startSocialWorld, WORLD_START_MS, type SocialWorld } from '../social/helpers';

/**
 * The embedded player inside another site's page, as a chat app or a blog shows it after
 * unfurling a track link through oEmbed: it loads framed, plays, seeks from the keyboard, and
 * breaks none of its own policy.
 */
describe('the embedded player, framed by another site', () => {
  let world: SocialWorld;
  let browser: Browser;
  let otherSite: Server;
  let otherOrigin: string;

  beforeAll(async () => {
    world = await startSocialWorld();
    browser = await launchChromium();
    // Another origin (another port) whose page holds exactly the markup oEmbed hands out.
    const page = `${world.url}/${world.owner.me.username}/tracks/${world.tracks.public}`;
    const answer = (await call(world, null, 'get', '/oembed', undefined, { url: page }).expect(200)).text;
    const { html } = JSON.parse(answer) as { html: string };
    otherSite = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>a blog</title></head><body><h1>A blog post</h1>${html}</body></html>`);
    });
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    otherOrigin = `http://localhost:${(otherSite.address() as AddressInfo).port}`;
  }, WORLD_START_MS);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => otherSite?.close(resolve));
    await world?.stop();
  });

  it('plays in the frame, seeks with the keyboard, and passes an accessibility scan', async () => {
    const { page, problems } = watch(await browser.newPage());
    await page.goto(otherOrigin);
    const frame = page.frameLocator('iframe[title="stardeck player"]');
    await frame.getByRole('link', { name: 'Open Sky' }).waitFor();
    await frame.getByRole('button', { name: 'Play' }).click();
    await frame.getByRole('button', { name: 'Pause' }).waitFor();
    const position = () => frame.locator('audio').evaluate((audio: { currentTime: number }) => audio.currentTime);
    await expect.poll(position, { timeout: 10_000 }).toBeGreaterThan(0.3);
    await frame.getByRole('button', { name: 'Pause' }).click();
    await frame.getByRole('button', { name: 'Play' }).waitFor();

    const seek = frame.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await page.keyboard.press('Home');
    expect(await position()).toBe(0);
    await page.keyboard.press('ArrowRight');
    expect(await position()).toBeGreaterThan(2);
    await expect.poll(async () => Number(await seek.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(3);

    await screenshot(page, 'embed-player');
    expect(problems).toEqual([]);
    const embedded = page.frames().find((f) => f.url().includes('/embed/tracks/'))!;
    expect(await embedded.evaluate(() => (globalThis as unknown as { document: { title: string } }).document.title)).toContain('Open Sky');
    const direct = await browser.newPage();
    await direct.goto(`${world.url}/embed/tracks/${world.tracks.public}`);
    expect(await axeViolations(direct)).toEqual([]);
    await direct.close();
    await page.close();
  });

  it('will not be framed for a private track: the frame shows the not-found answer, not the track', async () => {
    const { page } = watch(await browser.newPage());
    const res = await page.goto(`${world.url}/embed/tracks/${world.tracks.private}`);
    expect(res?.status()).toBe(404);
    expect(await page.content()).not.toContain('Diary');
    await page.close();
  });
});
