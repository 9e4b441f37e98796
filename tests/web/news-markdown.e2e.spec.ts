import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, newMember } from '../auth/helpers';
import { axeViolations, screenshot, signInThroughModal } from '../support/browser';
import { useBrowserWorld } from '../support/browser-world';

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
  const world = useBrowserWorld();

  it('shows emphasis, links, lists and code, keeps raw HTML as text, and drops script links', async () => {
    const created = await request(world.server.url).post('/v1/manage/news').set(bearer(world.admin))
      .send({ title: 'Markdown night', content: POST, status: 'published', visibility: 'public' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.news.id as number;
    const member = await newMember(world.server.url, world.admin);
    const tab = await world.visitor();
    const { page } = tab;
    await signInThroughModal(page, world.server.url, member);
    await page.goto(`${world.server.url}/news/${id}`);
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
    const tab = await world.visitor();
    const scripts: string[] = [];
    tab.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await tab.page.goto(`${world.server.url}/`);
    await tab.page.getByRole('banner').getByRole('button', { name: 'login' }).waitFor(SLOW);
    const bodies = await Promise.all(scripts.map(async (path) => (await fetch(`${world.server.url}${path}`)).text()));
    expect(bodies.some((body) => body.includes('DOMPurify') || body.includes('linkify'))).toBe(false);
    expect(scripts.some((path) => path.includes('news-markdown'))).toBe(false);
  }, 120_000);
});
