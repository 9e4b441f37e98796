import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../auth/helpers';
import { assertWebBuilt, launchChromium, openWatchedPage, signInThroughModal, WEB_DIR } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const SLOW = { timeout: 30_000 };
const FAN_SITE = 'https://stardeck-fans.example.org/';

/**
 * A member's links in Chromium: every way of following one (a click, a middle click, a click with
 * Ctrl, Shift or Meta, Enter from the keyboard) opens the external-link warning, and none of them
 * opens the address behind the warning's back, because the page never gives the browser the
 * address as an href.
 */
describe("a member's external links in the browser", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let make: Factories;
  let artist: Member;
  /** Every tab the browser opened besides the test's own. */
  const opened: string[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ roles: ['api', 'projector'], webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
    let viewer: Member;
    [artist, viewer] = await Promise.all([make.newMember(), make.newMember()]);
    const res = await request(server.url).put('/v1/manage/links').set(bearer(artist)).send({ links: [{ title: 'fan site', url: FAN_SITE }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    browser = await launchChromium();
    ({ context, page } = await openWatchedPage(browser));
    await signInThroughModal(page, server.url, viewer);
    context.on('page', (tab) => opened.push(tab.url()));
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  const warning = () => page.getByRole('dialog', { name: 'external link' });
  const dismiss = async () => {
    await warning().getByRole('button', { name: 'cancel' }).click();
    await warning().waitFor({ state: 'detached' });
  };

  it('warns on a click, a middle click, a modified click and Enter, and never opens the address by itself', async () => {
    await page.goto(`${server.url}/${artist.me.username}/links`);
    const link = page.getByRole('list', { name: 'links' }).getByRole('link', { name: 'fan site' });
    await link.waitFor(SLOW);
    // Nothing on the page carries the address for the browser to open on its own.
    expect(await link.getAttribute('href')).toBeNull();
    expect(await page.locator(`[href="${FAN_SITE}"]`).count()).toBe(0);
    expect(await link.getAttribute('title')).toBe(FAN_SITE);

    const ways: [string, () => Promise<void>][] = [
      ['click', () => link.click()],
      ['middle click', () => link.click({ button: 'middle' })],
      ['ctrl click', () => link.click({ modifiers: ['Control'] })],
      ['shift click', () => link.click({ modifiers: ['Shift'] })],
      ['meta click', () => link.click({ modifiers: ['Meta'] })],
      ['Enter', async () => {
        await link.focus();
        await page.keyboard.press('Enter');
      }],
    ];
    for (const [way, follow] of ways) {
      await follow();
      await warning().getByText(FAN_SITE).waitFor(SLOW);
      expect(opened, way).toEqual([]);
      await dismiss();
    }
    expect(page.url()).toBe(`${server.url}/${artist.me.username}/links`);
    expect(opened).toEqual([]);
  });
});
