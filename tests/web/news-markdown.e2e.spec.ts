import type { Browser, BrowserContext } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, newMember, type Session } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

const SLOW = { timeout: 30_000 };

const POST = [
  'The deck opens **at dusk**, _quietly_.',
  '',
  '- bring [headphones](https://example.com/gear)',
  '- run `npm start`',
  '',
  'Raw markup stays text: <img src=x onerror="window.__xss=1"><script>window.__xss=1</script>',
  '[a trap](javascript:window.__xss=1) and <a href="javascript:window.__xss=1">another</a>',
].join('\n');

/** News posts render a safe subset of Markdown: emphasis, links, lists and code, never raw HTML. */
describe('news in Markdown', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Session;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    browser = await launchChromium();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('shows emphasis, links, lists and code, keeps raw HTML as text, and drops script links', async () => {
    const created = await request(server.url).post('/v1/manage/news').set(bearer(admin))
      .send({ title: 'Markdown night', content: POST, status: 'published', visibility: 'public' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.news.id as number;
    const member = await newMember(server.url, admin);
    const tab = await openWatchedPage(browser);
    contexts.push(tab.context);
    const { page } = tab;
    await signInThroughModal(page, server.url, member);
    await page.goto(`${server.url}/news/${id}`);
    const article = page.getByRole('article');
    const content = article.locator('.news-item__content--markdown');
    await content.waitFor(SLOW);
    expect(await content.locator('strong').textContent()).toBe('at dusk');
    expect(await content.locator('em').textContent()).toBe('quietly');
    expect(await content.locator('ul > li').count()).toBe(2);
    expect(await content.locator('code').textContent()).toBe('npm start');
    const link = content.getByRole('link', { name: 'headphones' });
    expect(await link.getAttribute('href')).toBe('https://example.com/gear');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    // What looks like HTML is shown as typed; nothing ran.
    await content.getByText('<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>', { exact: false }).waitFor();
    expect(await content.locator('img, script').count()).toBe(0);
    expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss ?? 0)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'news-markdown');
    expect(tab.problems).toEqual([]);
    expect(await tab.cspViolations()).toEqual([]);
  }, 180_000);

  it('a visitor\'s first page loads no Markdown renderer', async () => {
    const tab = await openWatchedPage(browser);
    contexts.push(tab.context);
    const scripts: string[] = [];
    tab.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await tab.page.goto(`${server.url}/`);
    await tab.page.getByRole('banner').getByRole('button', { name: 'login' }).waitFor(SLOW);
    const bodies = await Promise.all(scripts.map(async (path) => (await fetch(`${server.url}${path}`)).text()));
    expect(bodies.some((body) => body.includes('DOMPurify') || body.includes('linkify'))).toBe(false);
    expect(scripts.some((path) => path.includes('news-markdown'))).toBe(false);
  }, 120_000);
});
