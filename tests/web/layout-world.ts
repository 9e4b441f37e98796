import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import request from 'supertest';
import { expect } from 'vitest';
import { bearer } from '../auth/helpers';
import { screenshot } from '../support/browser';
import { useBrowserWorld, type BrowserWorld } from '../support/browser-world';
import type { Member } from '../support/factories';

export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 740 };
export const LAPTOP = { width: 1280, height: 900 };
export const SLOW = { timeout: 60_000 };
/** With STARDECK_DOC_SCREENSHOTS=1 the suites also write the README's pictures to docs/screenshots. */
const DOC_SCREENSHOTS = process.env.STARDECK_DOC_SCREENSHOTS === '1' ? resolve(__dirname, '../../docs/screenshots') : null;

export const scrollWidth = (page: Page) => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
export const scrollY = (page: Page) => page.evaluate(() => (globalThis as any).scrollY as number);
/** What sticks out past the right edge (the deepest such elements), to say why a page scrolls sideways. */
export const overflowing = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as any).document;
    const width = doc.documentElement.clientWidth;
    const wide = [...doc.querySelectorAll('body *')].filter((element: any) => element.getBoundingClientRect().right > width + 0.5);
    return wide.filter((element: any) => !wide.some((other: any) => other !== element && element.contains(other))).slice(0, 5)
      .map((element: any) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(element.getBoundingClientRect().right)}`);
  });
export const box = async (locator: Locator) => (await locator.boundingBox())!;

/** A picture for the README at one width, when asked for; always one for the person running the suite. */
export async function picture(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await screenshot(page, `${name}-${width}`);
  if (!DOC_SCREENSHOTS) return;
  await mkdir(DOC_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(DOC_SCREENSHOTS, `${name}-${width}.png`), animations: 'disabled' });
}

export const titles = ['Aurora Drift', 'Basalt Echo', 'Cinder Lane'] as const;

export interface LayoutWorld extends BrowserWorld {
  owner: Member;
  listener: Member;
  trackIds: number[];
}

/**
 * The layout suites' world: an owner with three tracks and a public collection, and a listener
 * the owner has written to.
 */
export function useLayoutWorld(): LayoutWorld {
  const world = useBrowserWorld({
    roles: ['api', 'projector', 'transcoder'],
    timeoutMs: 300_000,
    ready: async (ready) => {
      const layout = ready as LayoutWorld;
      [layout.owner, layout.listener] = await Promise.all([ready.make.newMember(), ready.make.newMember()]);
      layout.trackIds = [];
      for (const title of titles) layout.trackIds.push(await ready.make.newTrack({ owner: layout.owner, title, tags: ['Layout'] }));
      const collection = await request(ready.server.url).post('/v1/manage/collections').set(bearer(layout.owner)).send({ name: 'Night Drives', visibility: 'public' });
      expect(collection.status, JSON.stringify(collection.body)).toBe(201);
      const message = await request(ready.server.url).post('/v1/messages').set(bearer(layout.owner))
        .send({ recipient_username: layout.listener.me.username, content: 'welcome to the deck' });
      expect(message.status, JSON.stringify(message.body)).toBe(201);
    },
  });
  return world as LayoutWorld;
}

export const trackPath = (world: LayoutWorld, index: number) => `/${world.owner.me.username}/tracks/${world.trackIds[index]}`;
export const player = (page: Page) => page.getByRole('region', { name: 'player' });
export const panel = (page: Page) => page.getByRole('group', { name: 'player options' });
export async function openPanel(page: Page): Promise<Locator> {
  const more = player(page).getByRole('button', { name: 'more' });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  return panel(page);
}
/** Plays from the owner's track list without leaving the page (a reload would empty the player). */
export async function playFromList(page: Page, index: number): Promise<void> {
  const card = page.getByRole('article', { name: titles[index] });
  await card.getByRole('button', { name: `PLAY ${titles[index]}` }).click();
  await card.getByRole('button', { name: `PLAYING ${titles[index]}` }).waitFor(SLOW);
}
export async function playFromTrackPage(world: LayoutWorld, page: Page, index: number): Promise<void> {
  await page.goto(`${world.server.url}${trackPath(world, index)}`);
  const hero = page.getByRole('article', { name: titles[index] });
  await hero.getByRole('button', { name: `PLAY ${titles[index]}` }).click();
  await hero.getByRole('button', { name: `PLAYING ${titles[index]}` }).waitFor(SLOW);
}
