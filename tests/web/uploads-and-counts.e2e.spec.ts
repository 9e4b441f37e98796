import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const SLOW = { timeout: 60_000 };
const PHONE = { width: 390, height: 844 };

/** Drops files on an element the way a person drags them from their desktop. */
async function dropFiles(page: Page, selector: string, files: { path: string; type: string }[]): Promise<void> {
  const payload = await Promise.all(files.map(async (file) => ({ name: basename(file.path), type: file.type, bytes: (await readFile(file.path)).toString('base64') })));
  const transfer = await page.evaluateHandle((items) => {
    const data = new (globalThis as any).DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.bytes), (c) => c.charCodeAt(0));
      data.items.add(new (globalThis as any).File([bytes], item.name, { type: item.type }));
    }
    return data;
  }, payload);
  await page.dispatchEvent(selector, 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

describe('uploads from anywhere, and counts that follow them', () => {
  let server: TestServer;
  let browser: Browser;
  let fixtures: AudioFixtures;
  let make: Factories;
  let admin: Session;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
    [browser, fixtures] = await Promise.all([launchChromium(), createAudioFixtures()]);
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await fixtures?.remove();
    await make?.dispose();
    await server?.stop();
  });

  async function signedIn(member: Member, viewport?: { width: number; height: number }): Promise<WatchedPage> {
    const tab = await openWatchedPage(browser, viewport);
    contexts.push(tab.context);
    await signInThroughModal(tab.page, server.url, member);
    return tab;
  }

  const stat = (page: Page, name: string) => page.getByLabel('stats').locator(`dt:text-is("${name}") + dd`);

  it('opens the upload form from the header and with u (not while typing), takes two dropped files as two uploads, and the profile counts them without a reload', async () => {
    const member = await make.newMember();
    const { page, problems } = await signedIn(member);
    await page.goto(`${server.url}/${member.me.username}`);
    await page.getByText('0 tracks').waitFor();
    expect(await stat(page, 'tracks').textContent()).toBe('0');
    const storageBefore = await page.locator('.profile__storage .output--muted').textContent();

    // The header's button, then the key.
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'upload track' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('body').press('u');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Typed into a field, u is a letter.
    await page.goto(`${server.url}/explore/tracks`);
    const search = page.getByRole('searchbox').first();
    await search.press('u');
    expect(await search.inputValue()).toBe('u');
    expect(await dialog.count()).toBe(0);

    // Two files dropped on the page open the form holding both, each with its title.
    await page.goto(`${server.url}/${member.me.username}`);
    await page.getByText('0 tracks').waitFor();
    const [first, second] = await Promise.all([fixtures.make('mp3', { seconds: 4 }), fixtures.make('ogg', { seconds: 5 })]);
    await dropFiles(page, 'main', [{ path: first, type: 'audio/mpeg' }, { path: second, type: 'audio/ogg' }]);
    await dialog.waitFor();
    await dialog.getByText('2 files', { exact: false }).waitFor();
    await dialog.getByLabel(`title of ${basename(first)}`).fill('Dropped One');
    await dialog.getByLabel(`title of ${basename(second)}`).fill('Dropped Two');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'upload 2 tracks' }).click();

    // Each has its own line and progress; the form is empty again at once, file input included.
    const uploads = dialog.getByRole('region', { name: 'uploads' });
    await uploads.getByRole('listitem', { name: 'upload of Dropped One' }).waitFor();
    await uploads.getByRole('listitem', { name: 'upload of Dropped Two' }).waitFor();
    expect(await dialog.getByLabel(/^audio files/).evaluate((input) => (input as unknown as { files: { length: number } }).files.length)).toBe(0);
    expect(await dialog.getByLabel('title', { exact: true }).inputValue()).toBe('');
    await uploads.getByRole('listitem', { name: 'upload of Dropped One' }).getByText(/ready:/).waitFor(SLOW);
    await uploads.getByRole('listitem', { name: 'upload of Dropped Two' }).getByText(/ready:/).waitFor(SLOW);
    await screenshot(page, 'upload-two-dropped');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'close' }).click();

    // Behind it the profile already counts them: the count, the list and the storage.
    await page.getByText('2 tracks').waitFor(SLOW);
    expect(await stat(page, 'tracks').textContent()).toBe('2');
    await page.getByRole('article', { name: 'Dropped One' }).waitFor();
    await page.getByRole('article', { name: 'Dropped Two' }).waitFor();
    expect(await page.locator('.profile__storage .output--muted').textContent()).not.toBe(storageBefore);
    expect(problems).toEqual([]);
  }, 240_000);

  it('a comment on the track page updates the track\'s comment count at once', async () => {
    const member = await make.newMember();
    const trackId = await make.newTrack({ owner: member, title: 'Counted' });
    const { page, problems } = await signedIn(member);
    await page.goto(`${server.url}/${member.me.username}/tracks/${trackId}`);
    const hero = page.getByRole('article', { name: 'Counted' });
    expect(await hero.locator('dt:text-is("comments") + dd').textContent()).toBe('0');
    await page.getByLabel('comment at 0:00').fill('first light');
    await page.getByRole('button', { name: 'post', exact: true }).click();
    await expect.poll(() => hero.locator('dt:text-is("comments") + dd').textContent(), SLOW).toBe('1');
    await page.getByRole('heading', { name: 'comments (1)' }).waitFor();
    expect(problems).toEqual([]);
  }, 180_000);

  it('a member puts their own upload in a collection without saving it, and the collection page plays all in order', async () => {
    const member = await make.newMember();
    const [first, second] = [await make.newTrack({ owner: member, title: 'Alpha Side' }), await make.newTrack({ owner: member, title: 'Beta Side' })];
    const created = await request(server.url).post('/v1/manage/collections').set(bearer(member)).send({ name: 'Own Work', visibility: 'public' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const collectionId = created.body.data.collection.id as number;
    const { page, problems } = await signedIn(member);

    // From the track: its collections control shows on one's own upload, unsaved.
    await page.goto(`${server.url}/${member.me.username}/tracks/${first}`);
    const hero = page.getByRole('article', { name: 'Alpha Side' });
    await hero.getByRole('button', { name: 'SAVE Alpha Side' }).waitFor();
    await hero.getByRole('button', { name: 'collections of Alpha Side' }).click();
    const picker = page.getByRole('dialog', { name: 'collections' });
    await picker.getByRole('checkbox', { name: /Own Work/ }).check();
    await expect.poll(async () => (await request(server.url).get(`/v1/collections/${collectionId}`).set(bearer(member))).body.data.collection.track_count, SLOW).toBe(1);
    await picker.getByRole('button', { name: 'close' }).click();

    // From the collection: the member's uploads are offered beside saved tracks.
    await page.goto(`${server.url}/${member.me.username}/collections/${collectionId}`);
    await page.getByRole('button', { name: 'add or remove tracks' }).click();
    const dialog = page.getByRole('dialog', { name: 'tracks of Own Work' });
    const beta = dialog.getByRole('article', { name: 'Beta Side' });
    await beta.waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await beta.getByRole('button', { name: 'in collection Beta Side' }).click();
    await expect.poll(async () => (await request(server.url).get(`/v1/collections/${collectionId}`).set(bearer(member))).body.data.collection.track_count, SLOW).toBe(2);
    await dialog.getByRole('button', { name: 'done' }).click();

    // Play all: the first track plays, the next follows in order.
    await page.getByRole('list', { name: 'tracks' }).getByRole('article').nth(1).waitFor(SLOW);
    await page.getByRole('button', { name: 'play all of Own Work' }).click();
    const player = page.getByRole('region', { name: 'player' });
    await player.getByText('Alpha Side').first().waitFor(SLOW);
    await page.getByRole('article', { name: 'Alpha Side' }).getByRole('button', { name: /^(LOADING|PLAYING) Alpha Side/ }).waitFor(SLOW);
    await page.locator('body').press('j');
    await page.getByRole('article', { name: 'Beta Side' }).getByRole('button', { name: /^(LOADING|PLAYING) Beta Side/ }).waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'collection-play-all');
    expect(problems).toEqual([]);
    expect(second).toBeGreaterThan(first);
  }, 240_000);

  it('the tag picker offers the 20 most used tags before anything is typed (spec §9)', async () => {
    const [artist, member] = await Promise.all([make.newMember(), make.newMember()]);
    // 25 tags in use, so more than the 20 asked for.
    for (let track = 0; track < 5; track++) {
      await make.newTrack({ owner: artist, title: `Tagged ${track}`, tags: Array.from({ length: 5 }, (_, i) => `picker${track * 5 + i}`) });
    }
    const { page } = await signedIn(member);
    await page.getByRole('banner').getByRole('button', { name: 'upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'upload track' });
    const suggestions = dialog.getByRole('list', { name: 'tag suggestions' });
    await suggestions.waitFor(SLOW);
    expect(await suggestions.getByRole('button').count()).toBe(20);
    // A chosen tag leaves the suggestions.
    await suggestions.getByRole('button').first().click();
    await expect.poll(() => suggestions.getByRole('button').count()).toBe(19);
  }, 180_000);

  it('the upload form works on a phone: header button, form and uploads list pass axe', async () => {
    const member = await make.newMember();
    const { page } = await signedIn(member, PHONE);
    await page.getByRole('banner').getByRole('button', { name: 'upload' }).click();
    await page.getByRole('dialog', { name: 'upload track' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'upload-phone');
  }, 180_000);
});
