import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../auth/helpers';
import { axeViolations, screenshot } from '../support/browser';
import type { Factories, Member } from '../support/factories';
import type { TestServer } from '../support/server';
import {
  box, LAPTOP, overflowing, PHONE, picture, player, playFromTrackPage as playFromTrackPageOf, scrollWidth, scrollY, SMALL_PHONE, titles,
  trackPath as trackPathOf, useLayoutWorld,
} from './layout-world';

/**
 * The layout from a phone (360 and 390 px) to a laptop (1280 px): no sideways scrolling, the
 * header's menu, scrolling between pages, the themed form controls, the texts people read and
 * the explore pages. The footer player's layout is in footer-player-layout.e2e.spec.ts.
 */
describe('layout on phones and laptops', () => {
  const world = useLayoutWorld();
  let server: TestServer;
  let make: Factories;
  let owner: Member;
  let listener: Member;
  beforeAll(() => {
    ({ server, make, owner, listener } = world);
  });
  const signedIn = world.signedIn;
  const trackPath = (index: number) => trackPathOf(world, index);
  const playFromTrackPage = (page: Parameters<typeof playFromTrackPageOf>[1], index: number) => playFromTrackPageOf(world, page, index);

  it('every page fits 390 and 360 px without sideways scrolling; the header folds into a menu that opens by keyboard and closes with Escape', async () => {
    const { page, problems } = await signedIn(listener, PHONE);
    const pages = [
      '/discover', '/stream', '/explore/tracks', '/explore/users', '/explore/albums', '/explore/collections', '/explore/tags', '/messages', '/notifications', '/sonar', '/news',
      '/membership', `/${owner.me.username}`, `/${owner.me.username}/albums`, `/${owner.me.username}/collections`, trackPath(0), `/${listener.me.username}/library`,
    ];
    for (const path of pages) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('main').locator('.window').first().waitFor();
      expect({ path, width: await scrollWidth(page), overflowing: await overflowing(page) }).toEqual({ path, width: PHONE.width, overflowing: [] });
    }
    await page.setViewportSize(SMALL_PHONE);
    for (const path of ['/discover', trackPath(0), '/sonar', '/messages']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('main').locator('.window').first().waitFor();
      expect({ path, width: await scrollWidth(page), overflowing: await overflowing(page) }).toEqual({ path, width: SMALL_PHONE.width, overflowing: [] });
    }
    await page.setViewportSize(PHONE);

    // Folded: only the brand, the upload button and the menu button show.
    await page.goto(`${server.url}/discover`);
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: /^menu/ });
    const nav = banner.getByRole('navigation', { name: 'Main' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await banner.getByRole('button', { name: 'upload' }).isVisible()).toBe(true);
    expect((await box(banner)).height).toBeLessThanOrEqual(60);
    expect(await axeViolations(page)).toEqual([]);
    await picture(page, 'discover');

    // By keyboard: Enter opens it, every entry is on screen, Escape closes it and focus returns.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await nav.waitFor();
    for (const name of ['logout', 'legal', /^sonar/, /^explore/]) {
      const entry = banner.getByRole(name === 'legal' ? 'button' : 'link', { name });
      const where = await box(entry);
      expect(where.x).toBeGreaterThanOrEqual(0);
      expect(where.x + where.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await scrollWidth(page)).toBe(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'menu-open-390');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('aria-controls'))).toBe('topbar-menu');
    // A move to another page folds it again.
    await menu.click();
    await banner.getByRole('link', { name: 'stream' }).click();
    await page.waitForURL(`${server.url}/stream`);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

    // On a laptop there is no menu button: the whole bar shows.
    await page.setViewportSize(LAPTOP);
    expect(await menu.isVisible()).toBe(false);
    expect(await nav.isVisible()).toBe(true);
    expect(await banner.getByRole('link', { name: 'logout' }).isVisible()).toBe(true);
    await picture(page, 'discover');
    expect(problems).toEqual([]);
  }, 300_000);

  it('a new page opens at its top with its title clear of the header, and going back returns to where the reader was', async () => {
    const { page, problems } = await signedIn(listener, { width: 1280, height: 480 });
    await page.goto(`${server.url}/${owner.me.username}`);
    const card = page.getByRole('article', { name: titles[0] });
    await card.waitFor();
    // The oldest track is the last card: scrolled to, the page is well down.
    const link = card.getByRole('link', { name: titles[0] }).first();
    await link.scrollIntoViewIfNeeded();
    const down = await scrollY(page);
    expect(down).toBeGreaterThan(100);
    await link.click();
    await page.waitForURL(`${server.url}${trackPath(0)}`);
    await page.getByRole('article', { name: titles[0] }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    const header = await box(page.getByRole('banner'));
    const title = await box(page.getByRole('article', { name: titles[0] }).getByRole('heading', { name: titles[0] }));
    expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.goBack();
    await page.waitForURL(`${server.url}/${owner.me.username}`);
    await expect.poll(() => scrollY(page)).toBe(down);
    expect(problems).toEqual([]);
  }, 180_000);

  it('form controls take the terminal theme: file pickers, list boxes, sliders and the message and Sonar text boxes', async () => {
    const { page, problems } = await signedIn(listener, LAPTOP);
    const style = (locator: Locator, pseudo?: string) =>
      locator.evaluate((element, which) => {
        const css = (globalThis as any).getComputedStyle(element, which ?? null);
        return { background: css.backgroundColor, border: css.borderTopColor, accent: css.accentColor, font: css.fontFamily };
      }, pseudo);
    /** The theme's near-black backgrounds (the page's and the panels'), never the browser's grey or white. */
    const DARK = expect.stringMatching(/^rgba?\((\d|[1-3]\d), (\d|[1-3]\d), (\d|[1-3]\d)(, [\d.]+)?\)$/);
    const THEMED_FIELD = { background: DARK, border: 'rgb(38, 54, 79)', font: expect.stringMatching(/mono/i) };
    const ACCENT = 'rgb(126, 226, 168)';

    await page.goto(`${server.url}/explore/collections`);
    const select = page.getByLabel('visibility');
    expect(await style(select)).toMatchObject(THEMED_FIELD);
    await page.getByRole('banner').getByRole('button', { name: 'upload' }).click();
    const upload = page.getByRole('dialog', { name: 'upload track' });
    expect((await style(upload.getByLabel(/^audio file/), '::file-selector-button')).border).toBe(ACCENT);
    await page.keyboard.press('Escape');
    await upload.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/messages`);
    await page.getByRole('link', { name: new RegExp(owner.me.username) }).first().click();
    const messageBox = page.getByRole('textbox', { name: new RegExp(`message to @${owner.me.username}`) });
    expect(await style(messageBox)).toMatchObject(THEMED_FIELD);
    await picture(page, 'messages');

    await page.goto(`${server.url}/sonar`);
    const sonarBox = page.getByRole('textbox', { name: 'message' });
    expect(await style(sonarBox)).toMatchObject(THEMED_FIELD);
    await picture(page, 'sonar');

    await playFromTrackPage(page, 0);
    expect((await style(player(page).getByRole('slider', { name: 'volume' }))).accent).toBe(ACCENT);
    await page.getByRole('link', { name: /^@/ }).first().waitFor();
    expect(problems).toEqual([]);
  }, 180_000);

  it('messages and Sonar fit a phone too', async () => {
    const { page, problems } = await signedIn(listener, PHONE);
    await page.goto(`${server.url}/messages`);
    await page.getByRole('link', { name: new RegExp(owner.me.username) }).first().click();
    await page.getByRole('textbox', { name: new RegExp(`message to @${owner.me.username}`) }).waitFor();
    expect(await scrollWidth(page)).toBe(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await picture(page, 'messages');
    await page.goto(`${server.url}/sonar`);
    await page.getByRole('textbox', { name: 'message' }).waitFor();
    expect(await scrollWidth(page)).toBe(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await picture(page, 'sonar');
    expect(problems).toEqual([]);
  }, 180_000);

  it('texts read as words: "1 track", a separator before the follower count, one error for a wrong password, create post', async () => {
    const single = await make.newMember();
    await make.newTrack({ owner: single, title: 'Only One' });
    const { page, problems } = await signedIn(listener, LAPTOP);
    // The sign-in's toast says it in words, without the HTTP status ("[OK] STATUS::200").
    const welcome = page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: 'Welcome' });
    await welcome.waitFor();
    expect(await welcome.textContent()).not.toMatch(/STATUS::|ERROR::|\b[1-5]\d\d\b/);
    await page.goto(`${server.url}/${single.me.username}`);
    await page.getByRole('main').getByText('1 track', { exact: true }).waitFor();
    await page.goto(`${server.url}/explore/users?search=${single.me.username}`);
    await page.getByRole('main').getByText('1 member', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'members' }).getByText(/\b1 track · \d+ subscribers?/).waitFor();
    await page.goto(`${server.url}/explore/collections`);
    const row = page.getByRole('list', { name: 'collections' }).getByRole('listitem').filter({ hasText: 'Night Drives' });
    expect(await row.textContent()).toMatch(/by \S+ · 0 tracks · updated [A-Z][a-z]{2} \d{1,2}, \d{4} · .*0 followers/);

    // A wrong password: said once, in the dialog; no toast repeats it.
    const visitor = await world.visitor(LAPTOP);
    await visitor.page.goto(`${server.url}/`);
    await visitor.page.getByRole('heading', { level: 1, name: 'stardeck' }).waitFor();
    await picture(visitor.page, 'home');
    await visitor.page.setViewportSize(PHONE);
    expect(await scrollWidth(visitor.page)).toBe(PHONE.width);
    expect(await axeViolations(visitor.page)).toEqual([]);
    await picture(visitor.page, 'home');
    await visitor.page.setViewportSize(LAPTOP);
    await visitor.page.getByRole('banner').getByRole('button', { name: 'login' }).click();
    const dialog = visitor.page.getByRole('dialog', { name: 'login' });
    await dialog.getByLabel('email').fill(single.email);
    await dialog.getByLabel('password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'login', exact: true }).click();
    await dialog.getByText('[ERR]').waitFor();
    expect(await visitor.page.getByRole('region', { name: 'Notifications' }).locator('.toast').count()).toBe(0);

    // The admin's news form says create post.
    const staff = await world.signedIn(ADMIN, LAPTOP);
    await staff.page.goto(`${server.url}/admin/news`);
    await staff.page.getByRole('button', { name: 'new post' }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'create post' }).waitFor();
    expect(problems).toEqual([]);
  }, 240_000);

  it('the explore pages link to each other, and explore stays highlighted in the header on each', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const { page, problems } = await signedIn(listener, viewport);
      for (const [path, name] of [['/explore/tracks', 'tracks'], ['/explore/users', 'users'], ['/explore/albums', 'albums'], ['/explore/collections', 'collections'], ['/explore/tags', 'tags']] as const) {
        await page.goto(`${server.url}${path}`);
        const explore = page.getByRole('navigation', { name: 'explore' });
        for (const other of ['tracks', 'users', 'albums', 'collections', 'tags']) await explore.getByRole('link', { name: other, exact: true }).waitFor();
        expect(await explore.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
        const menu = page.getByRole('banner').getByRole('button', { name: /^menu/ });
        if (await menu.isVisible()) await menu.click();
        const headerEntry = page.getByRole('banner').getByRole('link', { name: 'explore' });
        expect(await headerEntry.getAttribute('class')).toMatch(/\bactive\b/);
        expect(await scrollWidth(page)).toBe(viewport.width);
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }
  }, 240_000);
});
