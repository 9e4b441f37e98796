import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 900 };
const SLOW = { timeout: 60_000 };
/** With STARDECK_DOC_SCREENSHOTS=1 the suite also writes the README's pictures to docs/screenshots. */
const DOC_SCREENSHOTS = process.env.STARDECK_DOC_SCREENSHOTS === '1' ? resolve(__dirname, '../../docs/screenshots') : null;

const scrollWidth = (page: Page) => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
const scrollY = (page: Page) => page.evaluate(() => (globalThis as any).scrollY as number);
/** What sticks out past the right edge (the deepest such elements), to say why a page scrolls sideways. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const doc = (globalThis as any).document;
    const width = doc.documentElement.clientWidth;
    const wide = [...doc.querySelectorAll('body *')].filter((element: any) => element.getBoundingClientRect().right > width + 0.5);
    return wide.filter((element: any) => !wide.some((other: any) => other !== element && element.contains(other))).slice(0, 5)
      .map((element: any) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(element.getBoundingClientRect().right)}`);
  });
const box = async (locator: Locator) => (await locator.boundingBox())!;

/** A picture for the README at one width, when asked for; always one for the person running the suite. */
async function picture(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await screenshot(page, `${name}-${width}`);
  if (!DOC_SCREENSHOTS) return;
  await mkdir(DOC_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(DOC_SCREENSHOTS, `${name}-${width}.png`), animations: 'disabled' });
}

/**
 * The layout from a phone (360 and 390 px) to a laptop (1280 px): no sideways scrolling, the
 * header's menu, the compact footer player, scrolling between pages, the themed form controls,
 * the texts people read, the explore pages and the queue's order.
 */
describe('layout on phones and laptops', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Session;
  let make: Factories;
  let owner: Member;
  let listener: Member;
  const titles = ['Aurora Drift', 'Basalt Echo', 'Cinder Lane'] as const;
  const trackIds: number[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
    browser = await launchChromium();
    [owner, listener] = await Promise.all([make.newMember(), make.newMember()]);
    for (const title of titles) trackIds.push(await make.newTrack({ owner, title, tags: ['Layout'] }));
    const collection = await request(server.url).post('/v1/manage/collections').set(bearer(owner)).send({ name: 'Night Drives', visibility: 'public' });
    expect(collection.status, JSON.stringify(collection.body)).toBe(201);
    const message = await request(server.url).post('/v1/messages').set(bearer(owner)).send({ recipient_username: listener.me.username, content: 'welcome to the deck' });
    expect(message.status, JSON.stringify(message.body)).toBe(201);
  }, 300_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  async function signedIn(member: Member, viewport: { width: number; height: number }): Promise<WatchedPage> {
    const tab = await openWatchedPage(browser, viewport);
    contexts.push(tab.context);
    await signInThroughModal(tab.page, server.url, member);
    return tab;
  }
  const trackPath = (index: number) => `/${owner.me.username}/tracks/${trackIds[index]}`;
  const player = (page: Page) => page.getByRole('region', { name: 'player' });
  const panel = (page: Page) => page.getByRole('group', { name: 'player options' });
  async function openPanel(page: Page): Promise<Locator> {
    const more = player(page).getByRole('button', { name: 'more' });
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    return panel(page);
  }
  /** Plays from the owner's track list without leaving the page (a reload would empty the player). */
  async function playFromList(page: Page, index: number): Promise<void> {
    const card = page.getByRole('article', { name: titles[index] });
    await card.getByRole('button', { name: `PLAY ${titles[index]}` }).click();
    await card.getByRole('button', { name: `PLAYING ${titles[index]}` }).waitFor(SLOW);
  }
  async function playFromTrackPage(page: Page, index: number): Promise<void> {
    await page.goto(`${server.url}${trackPath(index)}`);
    const hero = page.getByRole('article', { name: titles[index] });
    await hero.getByRole('button', { name: `PLAY ${titles[index]}` }).click();
    await hero.getByRole('button', { name: `PLAYING ${titles[index]}` }).waitFor(SLOW);
  }

  it('every page fits 390 and 360 px without sideways scrolling; the header folds into a menu that opens by keyboard and closes with Escape', async () => {
    const { page, problems } = await signedIn(listener, PHONE);
    const pages = [
      '/discover', '/stream', '/explore/tracks', '/explore/users', '/explore/collections', '/explore/tags', '/messages', '/notifications', '/sonar', '/news',
      '/membership', `/${owner.me.username}`, `/${owner.me.username}/collections`, trackPath(0), `/${listener.me.username}/library`,
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

  it('on a phone the player is one line and dialogs take the full width', async () => {
    const { page, problems } = await signedIn(listener, PHONE);
    await playFromTrackPage(page, 0);
    const bar = await box(player(page));
    expect(bar.height).toBeLessThanOrEqual(64);
    // Artwork, title, play and the options button share the line.
    const parts = [player(page).locator('.player__artwork'), player(page).getByRole('link', { name: titles[0] }), player(page).getByRole('button', { name: 'pause' }), player(page).getByRole('button', { name: 'more' })];
    for (const part of parts) {
      const where = await box(part);
      expect(where.y).toBeGreaterThanOrEqual(bar.y);
      expect(where.y + where.height).toBeLessThanOrEqual(bar.y + bar.height);
      expect(where.x + where.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await scrollWidth(page)).toBe(PHONE.width);
    await picture(page, 'track');
    await (await openPanel(page)).getByRole('button', { name: /^queue/ }).click();
    const dialog = page.getByRole('dialog', { name: /^queue/ });
    await dialog.waitFor();
    expect((await box(dialog)).width).toBe(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/${owner.me.username}`);
    await page.getByRole('article', { name: titles[1] }).waitFor();
    expect(await scrollWidth(page)).toBe(PHONE.width);
    await picture(page, 'profile');
    expect(problems).toEqual([]);
  }, 240_000);

  it('on a laptop the player is one bar of at most 96 px with everything a listener needs; toasts stay above it; it stays on the last track with its history', async () => {
    const { page, problems } = await signedIn(listener, LAPTOP);
    await page.goto(`${server.url}/${owner.me.username}`);
    await playFromList(page, 1);
    const bar = player(page);
    await bar.locator('.player__wave canvas').first().waitFor();
    expect((await box(bar)).height).toBeLessThanOrEqual(96);
    await bar.locator('.player__artwork').waitFor();
    await bar.getByRole('link', { name: titles[1] }).waitFor();
    await bar.getByRole('link', { name: owner.me.username }).waitFor();
    await bar.getByRole('button', { name: 'previous' }).waitFor();
    await bar.getByRole('button', { name: 'next' }).waitFor();
    await bar.getByRole('button', { name: 'pause' }).waitFor();
    await bar.getByRole('list', { name: 'comments on the waveform' }).waitFor({ state: 'attached' });
    expect(await bar.getByLabel('position').textContent()).toMatch(/^\d:\d\d \/ \d:\d\d$/);
    await bar.getByRole('slider', { name: 'volume' }).waitFor();

    // The options panel: queue, history, endless, shuffle, the common speeds and the rest.
    const options = await openPanel(page);
    for (const name of [/^queue \(\d+\)$/, 'history', 'shuffle', 'keys', 'COMMENT']) await options.getByRole('button', { name }).waitFor();
    const speeds = await options.getByLabel('speed').locator('option').allTextContents();
    expect(speeds).toEqual(['0.5×', '0.75×', '1×', '1.25×', '1.5×', '2×']);
    expect((await box(bar)).height).toBeLessThanOrEqual(96);
    // A click outside folds the panel, and so does a move to another page.
    await page.getByRole('main').getByRole('heading', { level: 1 }).click();
    await expect.poll(() => bar.getByRole('button', { name: 'more' }).getAttribute('aria-expanded')).toBe('false');
    await openPanel(page);
    // The title leads to the track page, within the app (the player keeps playing).
    await bar.getByRole('link', { name: titles[1] }).click();
    await page.waitForURL(`${server.url}${trackPath(1)}`);
    await page.getByRole('article', { name: titles[1] }).getByRole('button', { name: `PLAYING ${titles[1]}` }).waitFor();
    await expect.poll(() => bar.getByRole('button', { name: 'more' }).getAttribute('aria-expanded')).toBe('false');
    await openPanel(page);
    expect(await axeViolations(page)).toEqual([]);
    await picture(page, 'track');

    // A toast (a message arriving) shows above the bar, never over it.
    const sent = await request(server.url).post('/v1/messages').set(bearer(owner)).send({ recipient_username: listener.me.username, content: 'still there?' });
    expect(sent.status).toBe(201);
    const toast = page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: 'still there?' });
    await toast.waitFor(SLOW);
    const toastBox = await box(toast);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual((await box(bar)).y);
    await options.getByRole('button', { name: 'keys' }).click();
    await options.getByRole('heading', { name: 'keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => bar.getByRole('button', { name: 'more' }).getAttribute('aria-expanded')).toBe('false');

    // Another track, then to the end of it: the player stays on it, paused, with its history.
    await page.goBack();
    await page.waitForURL(`${server.url}/${owner.me.username}`);
    await playFromList(page, 2);
    await bar.getByRole('link', { name: titles[2] }).waitFor();
    const wave = await box(bar.locator('.player__wave'));
    await page.mouse.click(wave.x + wave.width - 2, wave.y + wave.height / 2);
    await bar.getByRole('button', { name: 'play', exact: true }).waitFor(SLOW);
    await bar.getByRole('link', { name: titles[2] }).waitFor();
    await page.getByRole('article', { name: titles[2] }).getByRole('button', { name: `PAUSED ${titles[2]}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await picture(page, 'profile');
    await (await openPanel(page)).getByRole('button', { name: 'history' }).click();
    const history = page.getByRole('dialog', { name: 'history' });
    await history.getByRole('button', { name: `play again ${titles[1]}` }).waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  }, 240_000);

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
    const visitor = await openWatchedPage(browser, LAPTOP);
    contexts.push(visitor.context);
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
    const staff = await openWatchedPage(browser, LAPTOP);
    contexts.push(staff.context);
    await signInThroughModal(staff.page, server.url, ADMIN);
    await staff.page.goto(`${server.url}/admin/news`);
    await staff.page.getByRole('button', { name: 'new post' }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'create post' }).waitFor();
    expect(problems).toEqual([]);
  }, 240_000);

  it('the explore pages link to each other, and explore stays highlighted in the header on each', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const { page, problems } = await signedIn(listener, viewport);
      for (const [path, name] of [['/explore/tracks', 'tracks'], ['/explore/users', 'users'], ['/explore/collections', 'collections'], ['/explore/tags', 'tags']] as const) {
        await page.goto(`${server.url}${path}`);
        const explore = page.getByRole('navigation', { name: 'explore' });
        for (const other of ['tracks', 'users', 'collections', 'tags']) await explore.getByRole('link', { name: other, exact: true }).waitFor();
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

  it('the queue is reordered by keyboard and by drag', async () => {
    const { page, problems } = await signedIn(listener, LAPTOP);
    await page.goto(`${server.url}/${owner.me.username}`);
    await playFromList(page, 0);
    await page.getByRole('button', { name: 'queue all' }).click();
    // Paused, so the four-second track does not end and take the next one off the queue while
    // a slow machine works through the moves.
    await player(page).getByRole('button', { name: 'pause' }).click();
    await player(page).getByRole('button', { name: 'play', exact: true }).waitFor();
    await (await openPanel(page)).getByRole('button', { name: /^queue \(\d+\)$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^queue/ });
    const order = async () => (await dialog.getByRole('list', { name: 'queued tracks' }).locator('.player-list__name').allTextContents()).map((text) => text.split(' by ')[0]!.trim());
    await dialog.getByRole('list', { name: 'queued tracks' }).waitFor();
    await expect.poll(async () => (await order()).length).toBe(3);
    const [first, second, third] = await order();
    expect([first, second, third].sort()).toEqual([...titles].sort());

    // Keyboard: space lifts the first, ↓ moves it down one place, space drops it. Each move is announced.
    const said = (text: string) => page.getByText(text).waitFor({ state: 'attached' });
    const lift = async (title: string) => {
      const handle = dialog.getByRole('button', { name: `move ${title}`, exact: true });
      await handle.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
      // The sensor adds its key listener in a zero-delay timer when the lift starts, and the
      // handle can show the lift before that timer ran: one more such timer in the page runs after it.
      await page.evaluate(() => new Promise((resolve) => (globalThis as any).setTimeout(resolve, 0)));
    };
    await lift(first);
    await page.keyboard.press('ArrowDown');
    await said(`${first} moved to place 2 of 3`);
    await page.keyboard.press('Space');
    await expect.poll(order).toEqual([second, first, third]);
    // Escape while moving cancels the move and keeps the dialog open.
    await lift(third);
    await page.keyboard.press('ArrowUp');
    await said(`${third} moved to place 2 of 3`);
    await page.keyboard.press('Escape');
    await said(`moving cancelled: ${third} stays at place 3`);
    await expect.poll(order).toEqual([second, first, third]);
    expect(await dialog.isVisible()).toBe(true);

    // Drag: the last one's handle up to the top.
    const handle = await box(dialog.getByRole('button', { name: `move ${third}`, exact: true }));
    const top = await box(dialog.getByRole('button', { name: `move ${second}`, exact: true }));
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + ((top.y - handle.y - 4) * step) / 10);
    }
    await page.mouse.up();
    await expect.poll(order).toEqual([third, second, first]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'queue-reorder');
    expect(problems).toEqual([]);
  }, 180_000);
});
