import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ADMIN, bearer, login, newMember, type Session } from '../auth/helpers';
import { WEB_DIR, assertWebBuilt, axeViolations, launchChromium, screenshot, watch, watchContext, type WatchedPage } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Spec §2 routes for members with their titles and what each shows (`{u}` is the signed-in
 * member's username); a track's or a collection's page needs one, so they are tried apart.
 */
const BUILT: Array<[path: string, title: string, shows: string]> = [
  ['/{u}', '{u} · tracks', 'no tracks yet'],
  ['/{u}/library', '{u} · library', 'your library is empty'],
  ['/{u}/albums', '{u} · albums', 'you have no albums yet.'],
  ['/{u}/collections', '{u} · collections', 'you have no collections yet.'],
  ['/{u}/followed-collections', '{u} · followed collections', 'you do not follow any collection yet.'],
  ['/{u}/comments', '{u} · comments', 'you have not commented on any track yet.'],
  ['/{u}/subscribers', '{u} · subscribers', 'nobody subscribes to you yet.'],
  ['/{u}/subscriptions', '{u} · subscriptions', 'you have not subscribed to anyone yet.'],
  ['/{u}/history', '{u} · listening history', 'you have not played anything yet.'],
  ['/{u}/links', '{u} · links', 'you have no links yet.'],
  ['/discover', 'discover', 'who --active'],
  ['/membership', 'membership', 'current plan:'],
  ['/subscription_success', 'subscription', 'you are on the'],
  ['/stream', 'stream', 'your stream is empty'],
  ['/notifications', 'notifications', 'no notifications'],
  ['/sonar', 'sonar', '#default'],
  ['/explore/users', 'explore users', 'users --sort=signup --dir=desc'],
  ['/explore/tracks?tag_ids=3', 'explore tracks', 'no track matches: try fewer words or tags.'],
  ['/explore/collections?sort=name', 'explore collections', 'no collections to show yet.'],
  ['/explore/albums', 'explore albums', 'no albums to show yet.'],
  ['/messages', 'messages', 'no conversations yet.'],
  ['/news', 'news', 'no news yet.'],
];
// The admin routes answer a member like a missing page: tests/web/admin-console.e2e.spec.ts.
const FORBIDDEN = ['/invite?q=0123456789ab', '/reset-password?token=abc', '/verify-account?token=abc'];

describe('routes and their access rules in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let member: Session & { email: string; password: string };
  let visitor: BrowserContext;
  let signedIn: BrowserContext;
  let memberPage: WatchedPage;
  const u = (path: string) => path.replaceAll('{u}', member.me.username);
  const at = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    const dialog = page.getByRole('dialog', { name: 'login' });
    await dialog.getByLabel('email').fill(email);
    await dialog.getByLabel('password').fill(password);
    await dialog.getByRole('button', { name: 'login', exact: true }).click();
  }

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    browser = await launchChromium();
    member = await newMember(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    signedIn = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signedIn.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await Promise.all([watchContext(visitor), watchContext(signedIn)]);
    memberPage = watch(await signedIn.newPage());
    await memberPage.page.goto(`${server.url}/`);
    await memberPage.page.getByRole('banner').getByRole('button', { name: 'login' }).click();
    await logIn(memberPage.page, member.email, member.password);
    await memberPage.page.waitForURL(`${server.url}/discover`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor from every required route to / with the wanted path, and opens the login', async () => {
    const { page, problems } = watch(await visitor.newPage());
    for (const [path] of [...BUILT, ['/{u}/tracks/34'], ['/{u}/collections/12'], ['/messages/42'], ['/news/7'], ['/logout']]) {
      await page.goto(`${server.url}${u(path)}`);
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === u(path));
      await page.getByRole('dialog', { name: 'login' }).waitFor();
    }
    await expect.poll(() => page.title()).toBe('home | stardeck');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('brings a visitor back to the page they wanted after logging in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}${u('/{u}/library')}`);
    await logIn(page, member.email, member.password);
    await page.waitForURL(`${server.url}${u('/{u}/library')}`);
    await page.getByRole('heading', { level: 1, name: u('{u} · library') }).waitFor();
    await expect.poll(() => page.title()).toBe(u('{u} · library | stardeck'));
    await context.close();
  });

  it('lets a visitor see the public routes and the 404 page', async () => {
    const { page, problems } = watch(await visitor.newPage());
    await page.goto(`${server.url}/explore/tags`);
    await page.getByRole('heading', { level: 1, name: 'tags' }).waitFor();
    await expect.poll(() => page.title()).toBe('tags | stardeck');
    for (const path of FORBIDDEN) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('dialog').waitFor();
      expect(at(page)).toBe(path);
    }
    await page.goto(`${server.url}/no/such/page/here`);
    await page.getByRole('heading', { level: 1, name: '404: page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('not found | stardeck');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a member every required route with its title and its own screen', async () => {
    const { page, problems } = memberPage;
    for (const [path, title, shows] of BUILT) {
      await page.goto(`${server.url}${u(path)}`);
      await page.getByRole('heading', { level: 1, name: u(title) }).waitFor();
      await expect.poll(() => page.title()).toBe(`${u(title)} | stardeck`);
      await page.getByText(shows).waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    expect(problems).toEqual([]);
    // Every built route with an accessibility scan each: a busy machine needs more than a minute.
  }, 300_000);

  it("sends a member whose track or collection page cannot load to /, which leads on to /discover, with the reason", async () => {
    const { page, problems } = memberPage;
    await page.goto(`${server.url}${u('/{u}/tracks/34')}`);
    await page.waitForURL(`${server.url}/discover`);
    await page.getByRole('alert').filter({ hasText: 'Track not found' }).waitFor();
    expect(problems.splice(0)).toEqual(['404 GET /v1/tracks/34']);
    await page.goto(`${server.url}${u('/{u}/collections/12')}`);
    await page.waitForURL(`${server.url}/discover`);
    await page.getByRole('alert').filter({ hasText: 'Collection not found' }).waitFor();
    expect(problems.splice(0)).toEqual(['404 GET /v1/collections/12']);
    await page.goto(`${server.url}/messages/42`);
    await page.waitForURL(`${server.url}/discover`);
    await page.getByRole('alert').filter({ hasText: 'Conversation not found' }).waitFor();
    expect(problems.splice(0)).toEqual(['404 GET /v1/conversations/42/messages']);
    await page.goto(`${server.url}/news/7`);
    await page.waitForURL(`${server.url}/discover`);
    await page.getByRole('alert').filter({ hasText: 'News post not found' }).waitFor();
    expect(problems.splice(0)).toEqual(['404 GET /v1/news/7']);
  });

  it('sends a member from the forbidden routes and from home to /discover, and follows the listed redirects', async () => {
    const { page } = memberPage;
    for (const path of [...FORBIDDEN, '/']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/discover`);
    }
    const other = await newMember(server.url, await login(server.url, ADMIN.email, ADMIN.password));
    const sent = await request(server.url).post('/v1/messages').set(bearer(other)).send({ recipient_username: member.me.username, content: 'hello' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const conversation = sent.body.data.conversation_id as string;
    const redirects: Array<[string, string]> = [
      ['/{u}/audio', '/{u}'],
      ['/{u}/notifications', '/notifications'],
      [`/{u}/messages/${conversation}`, `/messages/${conversation}`],
    ];
    for (const [from, to] of redirects) {
      await page.goto(`${server.url}${u(from)}`);
      await page.waitForURL(`${server.url}${u(to)}`);
    }
  });

  it('types the profile command when moving to another user’s pages', async () => {
    // Typing is motion: the shared contexts prefer reduced motion, which shows the command whole.
    const moving = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
    const page = await moving.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
    await logIn(page, member.email, member.password);
    await page.waitForURL(`${server.url}/discover`);
    await page.getByRole('link', { name: `@${member.me.username}` }).click();
    const transition = page.getByTestId('user-transition');
    // The whole command shows for under half a second: checked on every frame, in the page.
    await page.waitForFunction(
      (command) => (globalThis as any).document.querySelector('[data-testid="user-transition"]')?.textContent.includes(command),
      `profile --user ${member.me.username} --data tracks`,
      { polling: 'raf' },
    );
    await transition.waitFor({ state: 'detached' });
    // Within the same user's pages it does not play again.
    await page.getByRole('link', { name: 'discover' }).click();
    await page.getByRole('link', { name: `@${member.me.username}` }).click();
    await page.getByRole('heading', { level: 1, name: `${member.me.username} · tracks` }).waitFor();
    expect(await transition.count()).toBe(0);
    await moving.close();
  });

  it('opens an avatar in the lightbox and closes it with Escape, giving focus back', async () => {
    const { page } = memberPage;
    await page.goto(`${server.url}/${member.me.username}`);
    const avatar = page.getByRole('button', { name: /^Enlarge/ });
    await avatar.click();
    const lightbox = page.getByRole('dialog', { name: /^Image:/ });
    await lightbox.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    expect(await avatar.evaluate((element) => element === (globalThis as any).document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'user-page');
  });

  it('manages invites in a modal that keeps focus inside, stays open across a route change, closes three ways and gives focus back', async () => {
    const { page, problems } = memberPage;
    await page.goto(`${server.url}/discover`);
    const opener = page.getByRole('banner').getByRole('button', { name: 'invites' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'invites' });
    await dialog.getByText('used 0 / 2').waitFor();
    await dialog.getByRole('button', { name: '+ new invite' }).click();
    const key = (await dialog.locator('.invite__key').first().textContent())!;
    expect(key).toMatch(/^[0-9a-f]{12}$/);
    expect(await dialog.getByRole('textbox', { name: `Invite link ${key}` }).inputValue()).toBe(`${server.url}/invite?q=${key}`);
    await dialog.getByRole('button', { name: `copy link for ${key}` }).click();
    await page.getByRole('status').filter({ hasText: 'Invite link copied' }).waitFor();
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(`${server.url}/invite?q=${key}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'invites');

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 0 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((element) => element.contains((globalThis as any).document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === (globalThis as any).document.activeElement)).toBe(true);

    await opener.click();
    await dialog.getByRole('button', { name: `delete invite ${key}` }).click();
    await dialog.getByText('no invites yet.').waitFor();
    await page.mouse.click(5, 700);
    await dialog.waitFor({ state: 'detached' });
    // It stays open across a route change: the browser's back button, within the app.
    await page.getByRole('link', { name: `@${member.me.username}` }).click();
    await page.getByRole('heading', { level: 1, name: `${member.me.username} · tracks` }).waitFor();
    await opener.click();
    await dialog.getByText('no invites yet.').waitFor();
    await page.goBack();
    await page.waitForURL(`${server.url}/discover`);
    await page.getByRole('heading', { level: 1, name: 'discover' }).waitFor();
    await dialog.getByText('no invites yet.').waitFor();
    await dialog.getByRole('button', { name: 'close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('reads at 360 px wide', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'stardeck' }).waitFor();
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'home-360');
    await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
    await page.getByRole('dialog', { name: 'login' }).waitFor();
    await screenshot(page, 'login-360');
    await context.close();
  });
});
