import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** Polls wait as long as a locator does: the machine may be busy with other suites. */
const SLOW = { timeout: 30_000 };
/** The smallest PNG there is (1×1): a real image the server accepts as artwork. */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const TRACKS = ['Harbour Lights', 'Tidal Drift', 'Static Bloom'] as const;

/**
 * Library and collections in Chromium against the real API: a member saves and removes the
 * artist's tracks, builds a collection (spec §5 messages, artwork set and removed), fills it from
 * a track's collections control and from the collection's own dialog, sees a track removed from
 * the library leave it, has another member follow and unfollow it, and deletes it.
 */
describe('library and collections in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let watched: WatchedPage;
  let page: Page;
  let make: Factories;
  let artist: Member;
  let member: Member;
  let follower: Member;
  let collectionPath = '';
  /** GET requests of the member's page, to see what login loads. */
  const loads: string[] = [];
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const me = () => member.me.username;
  const answered = (p: Page, method: string, path: RegExp) =>
    p.waitForResponse((res) => res.request().method() === method && path.test(new URL(res.url()).pathname));

  const signedInPage = async (who: Member) => {
    const view = await openWatchedPage(browser);
    contexts.push(view.context);
    view.page.on('request', (req) => req.method() === 'GET' && who === member && loads.push(new URL(req.url()).pathname + new URL(req.url()).search));
    await signInThroughModal(view.page, server.url, who);
    return view;
  };

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    make = factories({ url: server.url, admin: await login(server.url, ADMIN.email, ADMIN.password) });
    [artist, member, follower] = await Promise.all([make.newMember(), make.newMember(), make.newMember()]);
    for (const title of TRACKS) await make.newTrack({ owner: artist, title });
    browser = await launchChromium();
    watched = await signedInPage(member);
    page = watched.page;
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  it('saves tracks at once, and removing one asks first and says it leaves the collections too', async () => {
    // Spec §4: login loads every saved id of the member's library.
    expect(loads).toContain(`/v1/library/user/${me()}?limit=10000&offset=0`);
    await page.goto(`${server.url}/${artist.me.username}`);
    for (const title of TRACKS) {
      await page.getByRole('button', { name: `SAVE ${title}` }).click();
      await page.getByRole('button', { name: `SAVED ${title}` }).waitFor();
    }
    await page.getByRole('button', { name: 'SAVED Static Bloom' }).click();
    const remove = dialog('remove from library');
    await remove.getByText('it is also taken out of every one of your collections that holds it.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'collections-remove-from-library');
    await remove.getByRole('button', { name: 'cancel' }).click();
    await page.getByRole('button', { name: 'SAVED Static Bloom' }).click();
    await Promise.all([answered(page, 'DELETE', /^\/v1\/manage\/library$/), remove.getByRole('button', { name: 'remove from library' }).click()]);
    await page.getByRole('button', { name: 'SAVE Static Bloom' }).waitFor();

    // The server kept it: a fresh page shows the two saved tracks, and the own library lists them.
    await page.goto(`${server.url}/${me()}/library`);
    const saved = page.getByRole('list', { name: 'saved tracks' });
    await expect.poll(() => saved.getByRole('link', { name: /^(Harbour Lights|Tidal Drift|Static Bloom)$/ }).allTextContents(), SLOW).toEqual(['Tidal Drift', 'Harbour Lights']);
    expect(watched.problems).toEqual([]);
  });

  it('creates a collection with the spec §5 messages, then edits its name and artwork', async () => {
    await page.goto(`${server.url}/${me()}/collections`);
    await page.getByText('you have no collections yet.').waitFor();
    await page.getByRole('button', { name: 'new collection' }).click();
    const create = dialog('new collection');
    await create.getByRole('button', { name: 'create collection' }).click();
    await create.getByText('Collection name is required').waitFor();
    await create.getByLabel('name').fill('x'.repeat(101));
    await create.getByText('Collection name must be 100 characters or less').waitFor();
    await create.getByLabel('name').fill('   ');
    await create.getByText('Collection name is required').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await create.getByLabel('name').fill('Night Drives');
    await create.getByLabel('description').fill('for the <b>late</b> hours');
    await create.getByRole('button', { name: 'create collection' }).click();
    // Spec §2: creating goes to the new collection's page.
    await page.waitForURL(/\/collections\/\d+$/);
    collectionPath = new URL(page.url()).pathname;
    expect(collectionPath).toMatch(new RegExp(`^/${me()}/collections/\\d+$`));
    await expect.poll(() => page.title(), SLOW).toBe('Night Drives | stardeck');
    await page.getByText('for the <b>late</b> hours').waitFor();
    const artwork = () => page.getByRole('button', { name: /^Enlarge artwork of Night Drives/ }).locator('img').getAttribute('src');
    expect(await artwork()).toMatch(/^data:image\/svg/);

    await page.getByRole('button', { name: 'edit collection' }).click();
    const edit = dialog('edit collection');
    expect(await edit.getByLabel('name').inputValue()).toBe('Night Drives');
    await edit.getByLabel('name').fill('Night Drives II');
    const picker = edit.getByLabel('artwork (jpg, png, gif or webp, 1 MB)');
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await edit.getByText('Invalid artwork format. Please use jpg, png, gif, or webp.').waitFor();
    await picker.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX });
    await edit.getByRole('img', { name: 'chosen artwork' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await Promise.all([answered(page, 'PUT', /^\/v1\/manage\/collections\/\d+$/), edit.getByRole('button', { name: 'save changes' }).click()]);
    await expect.poll(() => page.title(), SLOW).toBe('Night Drives II | stardeck');
    await expect.poll(artwork, SLOW).not.toMatch(/^data:/);
    await screenshot(page, 'collections-detail-artwork');

    // Removing the stored artwork brings back the generated pattern.
    await page.getByRole('button', { name: 'edit collection' }).click();
    await edit.getByRole('img', { name: 'current artwork' }).waitFor();
    await edit.getByLabel('remove the current artwork').check();
    await Promise.all([answered(page, 'PUT', /^\/v1\/manage\/collections\/\d+$/), edit.getByRole('button', { name: 'save changes' }).click()]);
    await expect.poll(artwork, SLOW).toMatch(/^data:image\/svg/);
    expect(watched.problems).toEqual([]);
  });

  it("fills the collection from a track's collections control and from the collection's tracks dialog", async () => {
    await page.goto(`${server.url}/${artist.me.username}`);
    // Only saved tracks offer the control.
    expect(await page.getByRole('button', { name: 'collections of Static Bloom' }).count()).toBe(0);
    await page.getByRole('button', { name: 'collections of Harbour Lights' }).click();
    const picks = dialog('collections');
    const box = picks.getByRole('checkbox', { name: /^Night Drives II/ });
    expect(await box.isChecked()).toBe(false);
    await Promise.all([answered(page, 'POST', /\/tracks$/), box.check()]);
    await picks.getByText('1 track', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await picks.getByRole('button', { name: 'done' }).click();

    await page.goto(`${server.url}${collectionPath}`);
    const list = page.getByRole('list', { name: 'tracks' });
    await list.getByRole('link', { name: 'Harbour Lights' }).waitFor();
    await page.getByRole('button', { name: 'add or remove tracks' }).click();
    const tracks = dialog('tracks of Night Drives II');
    const toggle = (title: string) => tracks.getByRole('button', { name: `in collection ${title}` });
    await toggle('Tidal Drift').waitFor();
    expect(await toggle('Harbour Lights').getAttribute('aria-pressed')).toBe('true');
    expect(await toggle('Tidal Drift').getAttribute('aria-pressed')).toBe('false');
    // Static Bloom left the library: it is not offered.
    expect(await toggle('Static Bloom').count()).toBe(0);
    await Promise.all([answered(page, 'POST', /\/tracks$/), toggle('Tidal Drift').click()]);
    await Promise.all([answered(page, 'DELETE', /\/tracks\/\d+$/), toggle('Harbour Lights').click()]);
    expect(await toggle('Tidal Drift').getAttribute('aria-pressed')).toBe('true');
    expect(await toggle('Harbour Lights').getAttribute('aria-pressed')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'collections-tracks-dialog');
    await tracks.getByRole('button', { name: 'done' }).click();
    await expect.poll(() => list.getByRole('link', { name: /^(Harbour Lights|Tidal Drift)$/ }).allTextContents(), SLOW).toEqual(['Tidal Drift']);
    expect(watched.problems).toEqual([]);
  });

  it('takes a track removed from the library out of the collection, and out of the library page at once', async () => {
    await page.goto(`${server.url}${collectionPath}`);
    await page.getByRole('list', { name: 'tracks' }).getByRole('link', { name: 'Tidal Drift' }).waitFor();
    await page.getByRole('button', { name: 'SAVED Tidal Drift' }).click();
    await dialog('remove from library').getByRole('button', { name: 'remove from library' }).click();
    await page.getByText('this collection is empty: add tracks from your library.').waitFor();

    await page.goto(`${server.url}${collectionPath}`);
    await page.getByText('this collection is empty: add tracks from your library.').waitFor();
    await page.goto(`${server.url}/${me()}/library`);
    const saved = page.getByRole('list', { name: 'saved tracks' });
    await saved.getByRole('link', { name: 'Harbour Lights' }).waitFor();
    await page.getByRole('button', { name: 'SAVED Harbour Lights' }).click();
    await dialog('remove from library').getByRole('button', { name: 'remove from library' }).click();
    await page.getByText('your library is empty: SAVE a track to find it here.').waitFor();
    await page.getByText('0 saved').waitFor();
    expect(watched.problems).toEqual([]);
  });

  it('lets another member follow and unfollow it, without the owner controls', async () => {
    const other = await signedInPage(follower);
    await other.page.goto(`${server.url}${collectionPath}`);
    await expect.poll(() => other.page.title(), SLOW).toBe('Night Drives II | stardeck');
    expect(await other.page.getByRole('button', { name: 'edit collection' }).count()).toBe(0);
    const follow = other.page.getByRole('button', { name: 'follow Night Drives II' });
    await Promise.all([answered(other.page, 'POST', /\/follow$/), follow.click()]);
    await other.page.getByText('1 follower', { exact: true }).waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    // The owner sees the follower.
    await page.goto(`${server.url}${collectionPath}`);
    await page.getByText('1 follower', { exact: true }).waitFor();

    await Promise.all([answered(other.page, 'DELETE', /\/follow$/), follow.click()]);
    await other.page.getByText('0 followers').waitFor();
    expect(await axeViolations(other.page)).toEqual([]);
    expect(other.problems).toEqual([]);
  });

  it("deletes it after asking, and goes to the member's collections", async () => {
    await page.goto(`${server.url}${collectionPath}`);
    await page.getByRole('button', { name: 'delete collection' }).click();
    const remove = dialog('delete collection');
    await remove.getByText('this cannot be undone.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await Promise.all([answered(page, 'DELETE', /^\/v1\/manage\/collections\/\d+$/), remove.getByRole('button', { name: 'delete collection' }).click()]);
    await page.waitForURL(`${server.url}/${me()}/collections`);
    await page.getByText('you have no collections yet.').waitFor();
    expect(watched.problems).toEqual([]);
  });
});
