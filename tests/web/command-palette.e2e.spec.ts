import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { waitFor } from '../support/services';

const SLOW = { timeout: 30_000 };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The command palette, driven from the keyboard only: Ctrl-K opens it, typing filters the pages
 * and searches members, tracks, collections and tags, ↑/↓ choose, Enter goes there, Shift+Enter
 * plays a track, and player actions run from it. A visitor gets the public part.
 */
describe('the command palette in the browser, keyboard only', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let page: Page;
  let make: Factories;
  let artist: Member;
  let member: Member;
  let trackId: number;
  let collectionId: number;

  const palette = () => page.getByRole('dialog', { name: 'command palette' });
  const input = () => palette().getByRole('combobox', { name: 'command or search' });
  const player = () => page.getByRole('region', { name: 'player' });
  const path = () => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  /** The option of that group ('go to', 'do', 'player', 'member', 'track', 'collection', 'tag') and label. */
  const option = (group: string, label: string) =>
    palette().getByRole('option', { name: new RegExp(`^${escapeRegExp(group)} ${escapeRegExp(label)}( |$)`) });

  /** Opens the palette, types, then moves with ↓ to the option and presses `enter`. */
  async function run(query: string, group: string, label: string, enter: 'Enter' | 'Shift+Enter' = 'Enter') {
    await page.keyboard.press('Control+k');
    await input().waitFor();
    await page.keyboard.type(query);
    const wanted = option(group, label);
    await wanted.waitFor(SLOW);
    for (let step = 0; step < 40 && (await wanted.getAttribute('aria-selected')) !== 'true'; step += 1) await page.keyboard.press('ArrowDown');
    expect(await wanted.getAttribute('aria-selected')).toBe('true');
    // The text field keeps focus and points at the chosen option, as a screen reader needs.
    expect(await input().getAttribute('aria-activedescendant')).toBe(await wanted.getAttribute('id'));
    await page.keyboard.press(enter);
    await palette().waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    make = factories({ url: server.url, admin: await login(server.url, ADMIN.email, ADMIN.password) });
    [artist, member] = await Promise.all([make.newMember(), make.newMember()]);
    [trackId] = await Promise.all([
      make.newTrack({ owner: artist, title: 'Quasar Lullaby', tags: ['Palettewave'] }),
      make.newTrack({ owner: artist, title: 'Second Quasar', tags: ['Palettewave'] }),
    ]);
    const created = await request(server.url).post('/v1/manage/collections').set(bearer(artist)).send({ name: 'Pulsar Mornings', visibility: 'public' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    collectionId = created.body.data.collection.id;
    await waitFor(async () => {
      const res = await request(server.url).get('/v1/tags').query({ q: 'palettewave' });
      return res.body.data.tags.some((tag: { usage_count: number }) => tag.usage_count === 2);
    });

    browser = await launchChromium();
    ({ context, ...watched } = await openWatchedPage(browser));
    page = watched.page;
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  it('gives a visitor the public pages and tag search, and closes with Escape giving focus back', async () => {
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.title(), SLOW).toBe('home | stardeck');
    // The header's button opens it too, and names its keys.
    const button = page.getByRole('button', { name: 'commands' });
    expect(await button.getAttribute('aria-keyshortcuts')).toBe('Control+K Meta+K');
    await button.focus();
    await page.keyboard.press('Enter');
    await input().waitFor();
    expect(await input().evaluate((element) => element === (globalThis as any).document.activeElement)).toBe(true);
    expect(await palette().getByRole('option').allTextContents()).toEqual(['go tohome/', 'go totag cloud/explore/tags', 'dolog in']);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached' });
    expect(await button.evaluate((element) => element === (globalThis as any).document.activeElement)).toBe(true);

    // A tag leads where the cloud's tags lead: its tracks, which ask a visitor to log in first.
    await run('palettew', 'tag', '#Palettewave');
    await page.waitForURL((url) => url.pathname === '/' && /^\/explore\/tracks\?tag_ids=\d+$/.test(url.searchParams.get('redirect') ?? ''));
    await page.getByRole('dialog', { name: 'login' }).waitFor();
    await page.keyboard.press('Escape');
    expect(watched.problems).toEqual([]);
  });

  it('takes a member to a page, a member, a collection and a track, and says when nothing matches', async () => {
    await signInThroughModal(page, server.url, member);
    await run('library', 'go to', 'my library');
    await page.waitForURL(`${server.url}/${member.me.username}/library`);

    await run(artist.me.username, 'member', artist.me.display_name ?? artist.me.username);
    await page.waitForURL(`${server.url}/${artist.me.username}`);

    await run('Pulsar Morn', 'collection', 'Pulsar Mornings');
    await expect.poll(path, SLOW).toBe(`/${artist.me.username}/collections/${collectionId}`);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('zzqqxx-nothing');
    await palette().getByText("nothing matches 'zzqqxx-nothing'.").waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'command-palette');
    await page.keyboard.press('Control+k');
    await palette().waitFor({ state: 'detached' });

    await run('Quasar Lull', 'track', 'Quasar Lullaby');
    await page.waitForURL(`${server.url}/${artist.me.username}/tracks/${trackId}`);
    expect(watched.problems).toEqual([]);
  });

  it('plays a track with Shift+Enter and pauses it from the palette', async () => {
    await run('Quasar Lull', 'track', 'Quasar Lullaby', 'Shift+Enter');
    await player().getByText('Quasar Lullaby').first().waitFor(SLOW);
    await player().getByRole('button', { name: 'pause', exact: true }).waitFor(SLOW);

    await run('pause', 'player', 'pause');
    await player().getByRole('button', { name: 'play', exact: true }).waitFor(SLOW);
    // The palette offers what the player can do now.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('play');
    await option('player', 'play').waitFor();
    await page.keyboard.press('Escape');
    expect(watched.problems).toEqual([]);
  });

  it('never opens over another dialog, so what is typed there is kept', async () => {
    await page.goto(`${server.url}/discover`);
    await expect.poll(() => page.title(), SLOW).toBe('discover | stardeck');
    await run('settings', 'do', 'settings');
    const settings = page.getByRole('dialog').first();
    await settings.waitFor();
    await page.keyboard.press('Control+k');
    expect(await palette().count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
  });
});
