import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, newMember } from '../auth/helpers';
import { WEB_DIR, assertWebBuilt, launchChromium, watch } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

const ACCESS_TOKEN_SECONDS = 5;

/** Sessions that lapse: an access token expiring while the page is open, a renewal failing at start-up. */
describe('session renewal in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password, ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_SECONDS) },
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renews and retries the call the expired token made, without a word to the member', async () => {
    // Admin tokens live 5 s here too: each admin step signs in anew.
    const member = await newMember(server.url, () => login(server.url, ADMIN.email, ADMIN.password));
    const context = await browser.newContext();
    // The live channel renews an expired session by itself when the server ends its socket; kept
    // out here, so the renewal under test is the one an API call's 401 starts.
    await context.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
    await context.route('**/socket.io/**', (route) => route.abort());
    const { page, problems } = watch(await context.newPage());
    const calls: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === '/v1/invite' || path === '/v1/sync') calls.push(`${response.status()} ${path}`);
    });
    await page.goto(`${server.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
    const dialog = page.getByRole('dialog', { name: 'login' });
    await dialog.getByLabel('email').fill(member.email);
    await dialog.getByLabel('password').fill(member.password);
    await dialog.getByRole('button', { name: 'login', exact: true }).click();
    await page.waitForURL(`${server.url}/discover`);

    await page.waitForTimeout((ACCESS_TOKEN_SECONDS + 1) * 1000);
    await page.getByRole('banner').getByRole('button', { name: 'invites' }).click();
    await page.getByRole('dialog', { name: 'invites' }).getByText('used 0 / 2').waitFor();
    expect(calls).toEqual(['401 /v1/invite', '200 /v1/sync', '200 /v1/invite']);
    expect(problems).toEqual(['401 GET /v1/invite']);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('mounts the app signed out when the start-up renewal cannot reach the server, and says so in the log', async () => {
    const context = await browser.newContext();
    // A browser that was signed in before: the hint is there, the renewal fails on the way.
    await context.addInitScript(() => (globalThis as any).localStorage.setItem('stardeck:signed-in', '1'));
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/v1/sync', (route) => route.abort('connectionrefused'));
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'stardeck' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'login' }).waitFor();
    expect(warnings.some((text) => text.includes('could not renew the session at start-up'))).toBe(true);
    await context.close();
  });

  it('forgets a sign-in the server no longer knows at start-up', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const storage = (globalThis as any).localStorage;
      if (!storage.getItem('visited')) {
        storage.setItem('visited', '1');
        storage.setItem('stardeck:signed-in', '1');
      }
    });
    const { page, problems } = watch(await context.newPage());
    await page.goto(`${server.url}/discover`);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === '/discover');
    expect(await page.evaluate(() => (globalThis as any).localStorage.getItem('stardeck:signed-in'))).toBeNull();
    expect(problems).toEqual(['401 POST /v1/sync']);
    await context.close();
  });
});

