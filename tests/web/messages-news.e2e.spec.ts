import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, newMember, type Session } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/** Waits as long as a locator does: the machine may be busy with other suites. */
const SLOW = { timeout: 30_000 };
const POLL_MS = 20_000;

/** Strings that would run script or inject markup if the page ever treated a message as HTML. */
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

type Member = Session & { email: string; password: string };

describe('direct messages and news in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Session;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    browser = await launchChromium();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  /**
   * A person signed in in a browser of their own. With `clock`, the page's timers run on a clock
   * the test moves forward, so a 20 s poll takes no 20 s of the run.
   */
  async function signedIn(person: { email: string; password: string }, options: { clock?: boolean } = {}): Promise<WatchedPage> {
    const tab = await openWatchedPage(browser);
    contexts.push(tab.context);
    // Before the first navigation, so the app's timers run on it from the start.
    if (options.clock) await tab.context.clock.install();
    await signInThroughModal(tab.page, server.url, person);
    return tab;
  }

  const thread = (page: Page) => page.getByRole('list', { name: 'messages' });
  const xssRan = (page: Page) => page.evaluate(() => (globalThis as { __xss?: number }).__xss ?? 0);

  it('member A messages B from B\'s profile, and B, with the conversation open, sees the reply at once', async () => {
    const [alice, bob]: Member[] = await Promise.all([newMember(server.url, admin), newMember(server.url, admin)]);
    const a = await signedIn(alice);
    const b = await signedIn(bob, { clock: true });

    // A opens B's profile and writes through the sendMessage modal.
    await a.page.goto(`${server.url}/${bob.me.username}`);
    await a.page.getByRole('button', { name: `message ${bob.me.username}` }).click();
    const modal = a.page.getByRole('dialog', { name: `message @${bob.me.username}` });
    const box = modal.getByLabel(`message to @${bob.me.username}`);
    await box.fill('x'.repeat(3687));
    await modal.getByText('3687/4096').waitFor();
    expect(await modal.getByText('3687/4096').getAttribute('class')).toContain('messages__counter--warn');
    expect(await axeViolations(a.page)).toEqual([]);
    await screenshot(a.page, 'send-message-modal');
    await box.fill(`hello bob ${XSS}`);
    expect(await modal.getByText(/^\d+\/4096$/).getAttribute('class')).not.toContain('warn');
    await modal.getByRole('button', { name: 'send' }).click();
    await a.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/, SLOW);
    const conversationPath = new URL(a.page.url()).pathname;
    await thread(a.page).getByText(`hello bob ${XSS}`, { exact: true }).waitFor(SLOW);

    // B finds it in the list, unread, and opening it marks it read.
    await b.page.goto(`${server.url}/messages`);
    const row = b.page.getByRole('list', { name: 'conversations' }).getByRole('listitem').filter({ hasText: alice.me.username });
    await row.getByText('1 unread').waitFor(SLOW);
    await row.getByRole('link').click();
    await b.page.waitForURL(`${server.url}${conversationPath}`);
    await thread(b.page).getByText(`hello bob ${XSS}`, { exact: true }).waitFor(SLOW);
    await expect.poll(async () => {
      const list = await request(server.url).get('/v1/conversations').set(bearer(bob));
      return list.body.data.conversations[0].unread_count;
    }, SLOW).toBe(0);

    // A replies in the conversation: at the front of A's thread at once, and on B's open page
    // through the live channel, with no poll needed (B's clock stands still).
    const reply = 'are you there?';
    await a.page.getByLabel(`message to @${bob.me.username}`).fill(reply);
    await a.page.getByRole('button', { name: 'send' }).click();
    await thread(a.page).getByRole('listitem').first().getByText(reply, { exact: true }).waitFor(SLOW);
    await thread(b.page).getByRole('listitem').first().getByText(reply, { exact: true }).waitFor(SLOW);
    // A poll after the push brings nothing twice.
    await b.page.clock.fastForward(POLL_MS);
    await b.page.waitForTimeout(500);
    expect(await thread(b.page).getByText(reply, { exact: true }).count()).toBe(1);
    expect(await thread(b.page).getByRole('listitem').count()).toBe(2);

    expect(await xssRan(a.page)).toBe(0);
    expect(await xssRan(b.page)).toBe(0);
    expect(await axeViolations(b.page)).toEqual([]);
    await screenshot(b.page, 'conversation');
    await b.page.goto(`${server.url}/messages`);
    await row.waitFor(SLOW);
    expect(await axeViolations(b.page)).toEqual([]);
    await screenshot(b.page, 'conversations');
    expect([...a.problems, ...b.problems]).toEqual([]);
  }, 180_000);

  it('one\'s own profile offers no message button, and the server refuses a message to oneself with the spec §8 text', async () => {
    const carol: Member = await newMember(server.url, admin);
    const c = await signedIn(carol);
    await c.page.goto(`${server.url}/${carol.me.username}`);
    expect(await c.page.getByRole('button', { name: `message ${carol.me.username}` }).count()).toBe(0);
    const res = await request(server.url).post('/v1/messages').set(bearer(carol)).send({ recipient_username: carol.me.username, content: 'me' });
    expect(res.body.msg.description).toBe('You cannot send a message to yourself');
  });

  it('the admin publishes news on /admin/news and members see it; making it private hides it; deleting removes it', async () => {
    // The site starts with no news: a retry of this test removes what its first attempt left.
    const left = await request(server.url).get('/v1/manage/news?limit=50').set(bearer(admin));
    for (const post of left.body.data.news as { id: number }[]) await request(server.url).delete(`/v1/manage/news/${post.id}`).set(bearer(admin)).expect(200);
    const adminTab = await signedIn(ADMIN);
    const { page } = adminTab;
    await page.goto(`${server.url}/admin/news`);
    await page.getByRole('heading', { level: 1, name: 'news admin' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'new post' }).click();
    const editor = page.getByRole('dialog', { name: 'new news post' });
    await editor.getByRole('button', { name: 'create_post' }).click();
    await editor.getByText('Title is required').waitFor();
    await editor.getByText('Content is required').waitFor();
    await editor.getByLabel('title').fill('x'.repeat(201));
    await editor.getByRole('button', { name: 'create_post' }).click();
    await editor.getByText('Title must be 200 characters or less').waitFor();
    await editor.getByLabel('title').fill('Night shift <b>launch</b>');
    await editor.getByLabel('content').fill('The deck opens at dusk.\n<script>window.__xss=1</script>');
    await editor.getByLabel('status').selectOption('published');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-news-modal');
    await editor.getByRole('button', { name: 'create_post' }).click();
    await editor.waitFor({ state: 'detached', ...SLOW });
    const row = page.getByRole('row').filter({ hasText: 'Night shift <b>launch</b>' });
    await row.getByText('published', { exact: true }).waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-news');
    // Creating a post refreshed the admin's latest news: the app, not reloaded, shows it.
    await page.getByRole('banner').getByRole('link', { name: /discover/ }).click();
    await page.getByLabel('latest news').getByRole('link', { name: 'Night shift <b>launch</b>' }).waitFor(SLOW);

    // A member signing in now gets it as the latest news, in the list and on its own page.
    const dana: Member = await newMember(server.url, admin);
    const d = await signedIn(dana);
    await d.page.getByLabel('latest news').getByRole('link', { name: 'Night shift <b>launch</b>' }).waitFor(SLOW);
    await d.page.goto(`${server.url}/news`);
    await d.page.getByRole('link', { name: 'Night shift <b>launch</b>' }).click();
    await d.page.waitForURL(/\/news\/\d+$/);
    await d.page.getByText('<script>window.__xss=1</script>', { exact: false }).waitFor(SLOW);
    expect(await xssRan(d.page)).toBe(0);
    expect(await axeViolations(d.page)).toEqual([]);
    await screenshot(d.page, 'news-post');
    // The admin screen is not theirs: to a member it is a page that does not exist.
    await d.page.goto(`${server.url}/admin/news`);
    await d.page.getByRole('heading', { level: 1, name: '404: page not found' }).waitFor(SLOW);
    expect(await d.page.getByRole('button', { name: 'new post' }).count()).toBe(0);

    // The admin makes it private: members no longer see it.
    await page.goto(`${server.url}/admin/news`);
    await row.getByRole('button', { name: /^edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'edit news post' });
    await edit.getByLabel('visibility').selectOption('private');
    await edit.getByRole('button', { name: 'save_changes' }).click();
    await row.getByText('private', { exact: true }).waitFor(SLOW);
    await d.page.goto(`${server.url}/news`);
    await d.page.getByText('no news yet.').waitFor(SLOW);

    // And deletes it.
    await row.getByRole('button', { name: /^delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'delete news post' });
    await confirm.getByRole('button', { name: 'delete_post' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'delete_post' }).click();
    await row.waitFor({ state: 'detached', ...SLOW });
    await page.getByText('no posts yet.').waitFor(SLOW);
    expect([...adminTab.problems, ...d.problems]).toEqual([]);
  }, 180_000);
});
