import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { waitFor } from '../support/services';

/**
 * Discover, the stream with its filters, and a notification that arrives live and is dismissed,
 * in Chromium against the real API: one member (the listener) in the browser, another (the
 * artist) acting through the API.
 */
describe('discover, stream and live notifications in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let page: Page;
  let make: Factories;
  let artist: Member;
  let listener: Member;
  const TITLE = 'Night Signal';
  const badge = () => page.getByRole('banner').getByRole('link', { name: /notifications/ });

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
    [artist, listener] = await Promise.all([make.newMember(), make.newMember()]);
    const subscribed = await request(server.url).post('/v1/subscribe').set(bearer(listener)).send({ username: artist.me.username });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    await make.newTrack({ owner: artist, title: TITLE, tags: ['Ambient'] });
    // The stream and discover are read models kept by the projector.
    await waitFor(async () => {
      const res = await request(server.url).get('/v1/stream').set(bearer(listener));
      return res.body.data?.tracks?.length > 0;
    }, 30_000);

    browser = await launchChromium();
    ({ context, ...watched } = await openWatchedPage(browser));
    page = watched.page;
    await signInThroughModal(page, server.url, listener);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  it('shows discover: recent tracks that play in the footer player, members, stats', async () => {
    await page.getByRole('heading', { level: 1, name: 'discover' }).waitFor();
    const recent = page.getByRole('region', { name: 'recent tracks' });
    await recent.getByRole('link', { name: TITLE, exact: true }).waitFor();
    const newest = page.getByRole('region', { name: 'newest member' });
    // Both members joined at once: either may be the newest.
    await newest.getByText(new RegExp(`@(${artist.me.username}|${listener.me.username})`)).waitFor();
    await page.getByRole('region', { name: 'active members' }).getByRole('listitem').first().waitFor();
    await page.getByRole('region', { name: 'recent collection' }).getByText('no public collection yet.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'discover');

    await recent.getByRole('button', { name: `PLAY ${TITLE}` }).click();
    const player = page.getByRole('region', { name: 'player' });
    await player.getByText(TITLE).first().waitFor();
  });

  it('lists the stream with filters driven from the keyboard, and explains an empty result', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'stream' }).click();
    await page.getByRole('heading', { level: 1, name: 'stream' }).waitFor();
    const list = page.getByRole('main').getByRole('list');
    await list.getByRole('link', { name: TITLE, exact: true }).waitFor();
    for (const [label, value] of [['content', 'all'], ['time range', 'all'], ['sort', 'recent']]) {
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    }

    await page.getByLabel('sort', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(`${server.url}/stream?sort=oldest`);
    await list.getByRole('link', { name: TITLE, exact: true }).waitFor();
    await page.getByLabel('time range', { exact: true }).selectOption('day');
    await page.waitForURL(/time_range=day/);
    await list.getByRole('link', { name: TITLE, exact: true }).waitFor();
    await page.getByLabel('content', { exact: true }).selectOption('collections');
    await page.getByText('nothing in your stream matches these filters.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'stream-filtered');

    await page.goBack();
    await list.getByRole('link', { name: TITLE, exact: true }).waitFor();
    // The controls follow the address once the page has rendered it.
    await expect.poll(() => page.getByLabel('content', { exact: true }).inputValue()).toBe('all');
    await page.getByRole('button', { name: 'reset filters' }).click();
    await page.waitForURL(`${server.url}/stream`);
    await expect.poll(() => page.getByLabel('sort', { exact: true }).inputValue()).toBe('recent');
    expect(watched.problems).toEqual([]);
  });

  it('receives a notification live, keeps it when a dismissal fails, and dismisses it', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'notifications' }).click();
    await page.getByText('no notifications').waitFor();
    expect(await badge().textContent()).not.toContain('(');

    // The artist subscribes back: the listener's open page hears it over the socket.
    const res = await request(server.url).post('/v1/subscribe').set(bearer(artist)).send({ username: listener.me.username });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = page.getByRole('list', { name: 'notifications' });
    const sentence = `${artist.me.username} subscribed to you`;
    await list.getByText(sentence).waitFor({ timeout: 20_000 });
    await expect.poll(() => badge().textContent()).toContain('(1 unread)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'notifications');

    // Refused once: the notification comes back unread and the member is told.
    await page.route('**/v1/notifications/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 'error', status_code: 500, msg: { title: 'Internal Server Error' } }) })
        : route.fallback());
    await list.getByRole('button', { name: `dismiss: ${sentence}` }).click();
    await page.getByRole('alert').first().waitFor();
    await list.getByRole('button', { name: `dismiss: ${sentence}` }).and(page.locator(':enabled')).waitFor();
    await page.unroute('**/v1/notifications/*');

    await list.getByRole('button', { name: `dismiss: ${sentence}` }).click();
    await page.getByText('no notifications').waitFor();
    await expect.poll(() => badge().textContent()).not.toContain('(');
    const after = await request(server.url).get('/v1/notifications').set(bearer(listener));
    expect(after.body.data.notifications).toEqual([]);
  });

  it('sends the member to / when the preload of /discover or /notifications fails, and home lets them try discover again', async () => {
    watched.problems.length = 0;
    const unavailable = { status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'error', status_code: 503, msg: { title: 'Service Unavailable', description: 'Database unreachable' } }) };
    // Home sends a member on to /discover, so a failed /notifications ends there; a failed /discover stays on /.
    for (const [path, api, end] of [['/notifications', '**/v1/notifications?**', '/discover'], ['/discover', '**/v1/discover', '/']] as const) {
      await page.route(api, (route) => route.fulfill(unavailable));
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}${end}`);
      await page.getByRole('alert').filter({ hasText: 'Database unreachable' }).first().waitFor();
      await page.unroute(api);
    }
    // Home does not send the member straight back to the discover that failed; the retry works.
    await page.getByRole('link', { name: 'try discover again' }).click();
    await page.waitForURL(`${server.url}/discover`);
    await page.getByRole('heading', { name: /discover/ }).first().waitFor();
    expect(watched.problems).toEqual(['503 GET /v1/notifications', '503 GET /v1/discover']);
  });
});
