import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { waitFor } from '../support/services';

/** Polls wait as long as a locator does: the machine may be busy with other suites. */
const SLOW = { timeout: 30_000 };

/**
 * Explore in Chromium against the real API: a member finds the artist among the members, the
 * artist's tracks through a tag of the cloud, and the artist's collections, which they follow
 * and unfollow; a follow of a collection deleted meanwhile is put back.
 */
describe('explore users, tracks and collections in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let page: Page;
  let make: Factories;
  let artist: Member;
  let member: Member;
  let ambientId: number;
  let goneId: number;
  const at = () => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };
  const newCollection = async (name: string) => {
    const created = await request(server.url).post('/v1/manage/collections').set(bearer(artist)).send({ name, visibility: 'public' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.collection.id as number;
  };

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    make = factories({ url: server.url, admin: await login(server.url, ADMIN.email, ADMIN.password) });
    [artist, member] = await Promise.all([make.newMember(), make.newMember()]);
    const [drift] = await Promise.all([
      make.newTrack({ owner: artist, title: 'Tidal Drift', tags: ['Ambient', 'Field'] }),
      make.newTrack({ owner: artist, title: 'Static Bloom', tags: ['ambient', 'field'] }),
      make.newTrack({ owner: artist, title: 'Grid Lock', tags: ['Techno'] }),
    ]);
    ambientId = (await request(server.url).get(`/v1/tracks/${drift}`).set(bearer(artist))).body.data.track.tags
      .find((tag: { name: string }) => tag.name.toLowerCase() === 'ambient').id;
    await newCollection('Night Drives');
    goneId = await newCollection('Night Buses');
    // The cloud shows tags that two public tracks carry, once there are two such tags.
    await waitFor(async () => {
      const res = await request(server.url).get('/v1/tags').query({ limit: 42, sort: 'usage_count' });
      return res.body.data.tags.filter((tag: { usage_count: number }) => tag.usage_count >= 2).length === 2;
    });

    browser = await launchChromium();
    ({ context, ...watched } = await openWatchedPage(browser));
    page = watched.page;
    await signInThroughModal(page, server.url, member);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  it('finds a member by search from the keyboard, keeps the search in the address, and says when nobody matches', async () => {
    await page.goto(`${server.url}/explore/users`);
    await expect.poll(() => page.title(), SLOW).toBe('explore users | stardeck');
    const members = page.getByRole('list', { name: 'members' });
    await members.getByText(`@${member.me.username}`).waitFor();
    // Spec §9: members come 10 a page.
    expect(await page.getByLabel('per page').inputValue()).toBe('10');

    await page.getByRole('searchbox', { name: 'search' }).fill(artist.me.username);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === artist.me.username);
    await page.getByText('1 member', { exact: true }).waitFor();
    await members.getByText(`@${artist.me.username}`).waitFor();
    expect(await members.getByRole('listitem').count()).toBe(1);

    // The sort applies as soon as it is chosen, and the address keeps the search with it.
    await page.getByLabel('sort by').selectOption('username');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'username' && url.searchParams.get('search') === artist.me.username);
    await page.getByText('--sort=username').waitFor();

    await page.getByRole('searchbox', { name: 'search' }).fill('nobody-goes-by-this');
    await page.keyboard.press('Enter');
    await page.getByText('no member matches "nobody-goes-by-this".').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it('leads a tag of the cloud to its tracks, shows the tag, sorts and drops it', async () => {
    await page.goto(`${server.url}/explore/tags`);
    await page.getByRole('list', { name: 'Tags, most used first' }).getByRole('link', { name: /^Ambient/i }).click();
    await page.waitForURL(`${server.url}/explore/tracks?tag_ids=${ambientId}`);
    await expect.poll(() => page.title(), SLOW).toBe('explore tracks | stardeck');
    await page.getByText('tracks tagged with every one of:').waitFor();
    const tracks = page.getByRole('list', { name: 'tracks' });
    const titles = () => tracks.getByRole('link', { name: /^(Tidal Drift|Static Bloom|Grid Lock)$/ }).allTextContents();
    await tracks.getByRole('link', { name: 'Tidal Drift' }).waitFor();
    expect((await titles()).sort()).toEqual(['Static Bloom', 'Tidal Drift']);
    expect(await page.getByLabel('per page').inputValue()).toBe('5');

    await page.getByLabel('sort by').selectOption('title');
    await page.getByLabel('order').selectOption('asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title' && url.searchParams.get('sort_dir') === 'asc' && url.searchParams.get('tag_ids') === String(ambientId));
    await expect.poll(titles, SLOW).toEqual(['Static Bloom', 'Tidal Drift']);
    await page.getByLabel('order').selectOption('desc');
    await expect.poll(titles, SLOW).toEqual(['Tidal Drift', 'Static Bloom']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'explore-tracks');

    await page.getByRole('link', { name: /^remove tag ambient$/i }).click();
    await page.waitForURL((url) => !url.searchParams.has('tag_ids') && url.searchParams.get('sort') === 'title');
    await tracks.getByRole('link', { name: 'Grid Lock' }).waitFor();
    expect(watched.problems).toEqual([]);
  });

  it('finds collections by owner, follows one from its row and unfollows it on its page', async () => {
    await page.goto(`${server.url}/explore/collections?sort=name&sort_dir=asc`);
    await expect.poll(() => page.title(), SLOW).toBe('explore collections | stardeck');
    await page.getByLabel('owner').fill(artist.me.username);
    await page.getByRole('searchbox', { name: 'search' }).fill('Night');
    await page.getByRole('button', { name: 'search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('username') === artist.me.username);
    // The address holds what was chosen, and no blank fields.
    expect(at()).toBe(`/explore/collections?limit=5&search=Night&sort=name&sort_dir=asc&username=${artist.me.username}`);
    const rows = page.getByRole('list', { name: 'collections' }).getByRole('listitem');
    await expect.poll(() => rows.locator('a').allTextContents(), SLOW).toEqual(['Night Buses', 'Night Drives']);

    const drives = rows.filter({ hasText: 'Night Drives' });
    const follow = drives.getByRole('button', { name: 'follow Night Drives' });
    await drives.getByText('0 followers').waitFor();
    await follow.focus();
    await page.keyboard.press('Enter');
    await drives.getByText('1 follower', { exact: true }).waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    // The server kept it: the collection's page shows the follow, and unfollows it.
    await drives.getByRole('link', { name: 'Night Drives' }).click();
    await expect.poll(() => page.title(), SLOW).toBe('Night Drives | stardeck');
    const onPage = page.getByRole('button', { name: 'follow Night Drives' });
    await page.getByText('1 follower', { exact: true }).waitFor();
    expect(await onPage.getAttribute('aria-pressed')).toBe('true');
    // The count drops at once; the server's answer (and its toast) follows, and is what gets scanned.
    await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/follow') && res.request().method() === 'DELETE'),
      onPage.click(),
    ]);
    await page.getByText('0 followers').waitFor();
    expect(await onPage.getAttribute('aria-pressed')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await page.getByText('0 followers').waitFor();
    expect(watched.problems).toEqual([]);
  });

  it('puts a follow back and says why when the collection is gone', async () => {
    await page.goto(`${server.url}/explore/collections?username=${artist.me.username}&sort=name&sort_dir=asc`);
    const buses = page.getByRole('list', { name: 'collections' }).getByRole('listitem').filter({ hasText: 'Night Buses' });
    await buses.getByText('0 followers').waitFor();
    const deleted = await request(server.url).delete(`/v1/manage/collections/${goneId}`).set(bearer(artist));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    await buses.getByRole('button', { name: 'follow Night Buses' }).click();
    await page.getByRole('alert').filter({ hasText: 'not found' }).waitFor();
    await buses.getByText('0 followers').waitFor();
    expect(await buses.getByRole('button', { name: 'follow Night Buses' }).getAttribute('aria-pressed')).toBe('false');
    expect(at()).toBe(`/explore/collections?username=${artist.me.username}&sort=name&sort_dir=asc`);
    expect(watched.problems.splice(0)).toEqual([`404 POST /v1/manage/collections/${goneId}/follow`]);
  });
});
