import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '@stardeck/contracts';
import { ADMIN, bearer, login } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** The smallest PNG there is (1×1): a real image the server accepts as an avatar. */
/** Polls wait as long as a locator does: the machine may be busy with other suites. */
const SLOW = { timeout: 30_000 };
/** Longer than the 60 characters an address is shown with. */
const LONG_URL = 'https://tapes.example.net/archive/1987/side-a/field-recordings-of-the-night-train';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * Profiles in Chromium against the real API: a member (in the browser) edits their profile and
 * settings, then visits another member's pages (the artist, acting through the API), subscribes,
 * and saves the artist's track.
 */
describe('profiles, user pages and profile settings in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let page: Page;
  let make: Factories;
  let artist: Member;
  let member: Member;
  let collectionId: number;
  let trackId: number;
  const TITLE = 'Harbour Lights';
  const dialog = (name: string) => page.getByRole('dialog', { name });

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
    [artist, member] = await Promise.all([make.newMember(), make.newMember()]);
    trackId = await make.newTrack({ owner: artist, title: TITLE });
    const created = await request(server.url).post('/v1/manage/collections').set(bearer(artist)).send({ name: 'Night Drives', visibility: 'public' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    collectionId = created.body.data.collection.id;

    browser = await launchChromium();
    ({ context, ...watched } = await openWatchedPage(browser));
    page = watched.page;
    await signInThroughModal(page, server.url, member);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  const me = () => member.me.username;
  const profileOf = async (username: string) => (await request(server.url).get(`/v1/users/${username}`).set(bearer(member))).body.data.user;

  it('edits bio and links in place, with every link rule of spec §5 shown', async () => {
    await page.goto(`${server.url}/${me()}`);
    await expect.poll(() => page.title(), SLOW).toBe(`${me()} · tracks | stardeck`);
    await page.getByText('no bio yet.').waitFor();

    await page.getByRole('button', { name: 'edit bio' }).click();
    await dialog('edit bio').getByLabel('bio').fill('Field recordings\n<b>and tape loops</b>');
    await dialog('edit bio').getByRole('button', { name: 'save bio' }).click();
    // Shown as text: the markup a member typed is never markup on the page.
    await page.getByText('<b>and tape loops</b>').waitFor();

    await page.getByRole('button', { name: 'edit links' }).first().click();
    const links = dialog('edit links');
    const save = links.getByRole('button', { name: 'save links' });
    expect(await save.isDisabled()).toBe(true);
    await links.getByLabel('link 1 url').fill('not a url');
    await links.getByText('Please enter a valid URL').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await links.getByLabel('link 1 url').fill('stardeck-fans.example.org');
    await links.getByRole('button', { name: '+ add link' }).click();
    await links.getByLabel('link 2 title').fill('tape archive');
    await links.getByText('URL cannot be empty').waitFor();
    expect(await save.isDisabled()).toBe(true);
    // The last row left is cleared, not removed.
    await links.getByRole('button', { name: 'remove link 2' }).click();
    await links.getByRole('button', { name: 'remove link 1' }).click();
    expect(await links.getByLabel('link 1 url').inputValue()).toBe('');
    await links.getByLabel('link 1 title').fill('fan site');
    await links.getByLabel('link 1 url').fill('stardeck-fans.example.org');
    await links.getByRole('button', { name: '+ add link' }).click();
    await links.getByLabel('link 2 url').fill(LONG_URL);
    await links.getByLabel('link 2 is primary').check();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'profile-links-modal');
    await save.click();
    await links.waitFor({ state: 'detached' });

    const saved = await profileOf(me());
    expect(saved.bio).toBe('Field recordings\n<b>and tape loops</b>');
    expect(saved.links.map((l: any) => [l.title, l.url, l.is_primary])).toEqual([
      ['fan site', 'https://stardeck-fans.example.org/', false],
      [null, LONG_URL, true],
    ]);

    await page.getByRole('navigation', { name: `${me()}'s pages` }).getByRole('link', { name: 'links' }).click();
    await expect.poll(() => page.title(), SLOW).toBe(`${me()} · links | stardeck`);
    const list = page.getByRole('list', { name: 'links' });
    await list.getByRole('link', { name: 'fan site' }).click();
    const warning = dialog('external link');
    await warning.getByText('https://stardeck-fans.example.org/').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await warning.getByRole('button', { name: 'cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.url}/${me()}/links`);
    // A long address shows cut to 60 characters (spec §9); the warning names all of it.
    const cut = `${LONG_URL.slice(0, 59)}…`;
    await list.getByRole('link', { name: cut, exact: true }).click();
    await warning.getByText(LONG_URL, { exact: true }).waitFor();
    await warning.getByRole('button', { name: 'cancel' }).click();
  });

  it('changes the avatar and the banner after refusing oversized or wrong files, and the display name with a reload', async () => {
    await page.goto(`${server.url}/${me()}`);
    await page.getByRole('button', { name: 'change avatar' }).click();
    const avatar = dialog('change avatar');
    await avatar.getByLabel('avatar image').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024) });
    await avatar.getByText('Artwork too large (3.0 MB). Maximum size is 2 MB.').waitFor();
    await avatar.getByLabel('avatar image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await avatar.getByText('Invalid artwork format. Please use jpg, png, gif, or webp.').waitFor();
    expect(await avatar.getByRole('button', { name: 'upload avatar' }).isDisabled()).toBe(true);
    await avatar.getByLabel('avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
    await avatar.getByRole('img', { name: 'new avatar preview' }).waitFor();
    await avatar.getByRole('button', { name: 'upload avatar' }).click();
    await avatar.waitFor({ state: 'detached' });
    const withAvatar = await profileOf(me());
    expect(withAvatar.avatar).toBeTruthy();
    await expect.poll(() => page.locator('.profile .avatar img').getAttribute('src'), SLOW).toBe(withAvatar.avatar);

    await page.getByRole('button', { name: 'change banner' }).click();
    const banner = dialog('change banner');
    await banner.getByLabel('banner image').setInputFiles({ name: 'wide.webp', mimeType: 'image/webp', buffer: Buffer.alloc(5 * 1024 * 1024) });
    await banner.getByText('Artwork too large (5.0 MB). Maximum size is 4 MB.').waitFor();
    await banner.getByLabel('banner image').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: PNG_1PX });
    await banner.getByRole('button', { name: 'upload banner' }).click();
    await banner.waitFor({ state: 'detached' });
    const withBanner = await profileOf(me());
    expect(withBanner.banner).toBeTruthy();
    await expect.poll(() => page.locator('.profile__banner').getAttribute('src'), SLOW).toBe(withBanner.banner);

    await page.getByRole('button', { name: 'edit display name' }).click();
    const name = dialog('edit display name');
    await name.getByLabel('display name').fill('   ');
    await name.getByText('Display name is required').waitFor();
    await name.getByLabel('display name').fill('x'.repeat(33));
    await name.getByText('Display name must be 32 characters or less').waitFor();
    await name.getByLabel('display name').fill('Tape Hiss');
    const reloaded = page.waitForEvent('load');
    await name.getByRole('button', { name: 'save name' }).click();
    await reloaded;
    await page.locator('.profile__name', { hasText: 'Tape Hiss' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'profile-own');
  });

  it('saves settings, with the qualities a free member cannot choose locked', async () => {
    await page.goto(`${server.url}/${me()}`);
    await page.getByRole('button', { name: 'settings' }).click();
    const settings = dialog('settings');
    expect(await settings.getByRole('radio', { name: /standard/ }).isChecked()).toBe(true);
    expect(await settings.getByRole('radio', { name: /high/ }).isDisabled()).toBe(true);
    await settings.getByText('[upgrade to core]').waitFor();
    await settings.getByText('[upgrade to premium]').waitFor();
    await settings.getByLabel('default profile view').selectOption('library');
    await settings.getByLabel('message of the day').fill('on air at nine');
    await settings.getByLabel('share my listening history').uncheck();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'profile-settings');
    await settings.getByRole('button', { name: 'save settings' }).click();
    await settings.waitFor({ state: 'detached' });
    const { config } = (await login(server.url, member.email, member.password)).me;
    expect(config).toMatchObject({ streaming_quality: 'standard', default_profile_view: 'library', motd: 'on air at nine', share_listening_history: false });
    // The member's own profile now opens on the library, with the message of the day.
    await page.getByRole('banner').getByRole('link', { name: `@${me()}` }).click();
    await page.waitForURL(`${server.url}/${me()}/library`);
    await page.getByText('motd: on air at nine').waitFor();
  });

  it("visits each of another member's pages, subscribes, saves a track, and sees the empty states", async () => {
    const who = artist.me.username;
    await page.goto(`${server.url}/${who}`);
    await page.getByRole('link', { name: TITLE, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'edit bio' }).count()).toBe(0);

    // Subscribing reloads the profile: the button turns and the member is among the recent subscribers.
    await page.getByRole('button', { name: `subscribe ${who}` }).click();
    await page.getByRole('button', { name: `unsubscribe ${who}` }).waitFor();
    await page.getByText(/recent subscribers:/).getByRole('link', { name: 'Tape Hiss' }).waitFor();

    // SAVE turns SAVED at once.
    await page.getByRole('button', { name: `SAVE ${TITLE}` }).click();
    await page.getByRole('button', { name: `SAVED ${TITLE}` }).waitFor();

    const tabs = page.getByRole('navigation', { name: `${who}'s pages` });
    const visit = async (tab: string, title: string) => {
      await tabs.getByRole('link', { name: tab, exact: true }).click();
      await expect.poll(() => page.title(), SLOW).toBe(`${who} · ${title} | stardeck`);
      await page.getByRole('heading', { level: 1, name: `${who} · ${title}` }).waitFor();
    };
    await visit('library', 'library');
    await page.getByText(`@${who} has not saved any track yet.`).waitFor();
    await visit('albums', 'albums');
    await page.getByText(`@${who} has no albums to show.`).waitFor();
    await visit('collections', 'collections');
    await page.getByRole('list', { name: 'collections' }).getByRole('link', { name: 'Night Drives' }).waitFor();
    await visit('followed', 'followed collections');
    await page.getByText(`@${who} does not follow any collection yet.`).waitFor();
    await visit('subscribers', 'subscribers');
    await page.getByRole('list', { name: 'subscribers' }).getByRole('link', { name: 'Tape Hiss' }).waitFor();
    await visit('subscriptions', 'subscriptions');
    await page.getByText(`@${who} has not subscribed to anyone yet.`).waitFor();
    await visit('history', 'listening history');
    await page.getByText(`@${who} has not played anything yet.`).waitFor();
    await visit('links', 'links');
    await page.getByText(`@${who} has no links.`).waitFor();
    await visit('comments', 'comments');
    await page.getByText(`@${who} has not commented on any track yet.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await tabs.getByRole('link', { name: 'collections', exact: true }).click();
    await page.getByRole('link', { name: 'Night Drives' }).click();
    await page.waitForURL(`${server.url}/${who}/collections/${collectionId}`);
    await expect.poll(() => page.title(), SLOW).toBe('Night Drives | stardeck');
    await page.getByText('this collection has no tracks to show.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'collection-detail');

    // Unsubscribing takes the member off the artist's subscribers.
    await page.goto(`${server.url}/${who}/subscribers`);
    await page.getByRole('button', { name: `unsubscribe ${who}` }).click();
    await page.getByText(`nobody subscribes to @${who} yet.`).waitFor();
    await page.getByRole('button', { name: `subscribe ${who}` }).waitFor();
    expect(watched.problems).toEqual([]);
  });

  it("shows the tracks a member saved last (3) and the members they subscribed to last (5) under their profile", async () => {
    const [fan, ...artists] = await Promise.all(Array.from({ length: 7 }, () => make.newMember()));
    const tracks: number[] = [];
    for (const [i, title] of ['Dust One', 'Dust Two', 'Dust Three', 'Dust Four'].entries()) tracks.push(await make.newTrack({ owner: artists[i]!, title }));
    for (const id of tracks) expect((await request(server.url).post('/v1/manage/library').set(bearer(fan!)).send({ track_id: id })).status).toBe(200);
    for (const other of artists) {
      expect((await request(server.url).post('/v1/subscribe').set(bearer(fan!)).send({ username: other.me.username })).status).toBe(200);
    }
    await page.goto(`${server.url}/${fan!.me.username}`);
    const saved = page.getByText(/^recently saved:/);
    await saved.waitFor(SLOW);
    // Newest first, three of them: the first save is left out.
    expect(await saved.getByRole('link').allTextContents()).toEqual(['Dust Four', 'Dust Three', 'Dust Two']);
    const following = page.getByText(/^recently subscribed to:/);
    expect(await following.getByRole('link').count()).toBe(5);
    await following.getByRole('link', { name: displayName(artists[5]!.me) }).waitFor();
    expect(await following.getByRole('link', { name: displayName(artists[0]!.me), exact: true }).count()).toBe(0);
    await saved.getByRole('link', { name: 'Dust Four' }).click();
    await page.waitForURL(`${server.url}/tracks/${tracks[3]}`);
    expect(watched.problems).toEqual([]);
  });

  it("shows a member's pinned track above their tracks and their storage in use, and no pinned track that the viewer may not open", async () => {
    const who = artist.me.username;
    await make.setConfig(artist, { pinned_track_id: trackId });
    await page.goto(`${server.url}/${who}`);
    const pinned = page.getByRole('region', { name: 'pinned track' });
    await pinned.getByRole('link', { name: TITLE, exact: true }).waitFor(SLOW);
    // Free members have 1 GB (spec §9); the artist shows their storage (show_storage_usage, on by default).
    await page.getByText(/^[\d.]+ (B|KB|MB) of 1\.0 GB used$/).waitFor();
    expect(Number(await page.getByRole('meter', { name: /storage/ }).getAttribute('max'))).toBe(1024 * 1024 * 1024);
    expect(await axeViolations(page)).toEqual([]);

    const hidden = await make.newTrack({ owner: artist, title: 'Locked Room', visibility: 'private' });
    await make.setConfig(artist, { pinned_track_id: hidden, show_storage_usage: false });
    await page.reload();
    await page.getByRole('link', { name: TITLE, exact: true }).first().waitFor(SLOW);
    expect(await pinned.count()).toBe(0);
    expect(await page.getByRole('meter', { name: /storage/ }).count()).toBe(0);
    // The profile names no pinned track the viewer may not open, so the page asks for none.
    expect(watched.problems).toEqual([]);
    await make.setConfig(artist, { pinned_track_id: null, show_storage_usage: true });
  });

  it("shows the member's own pages, their empty states and the saved track, paged from the keyboard", async () => {
    await page.goto(`${server.url}/${me()}/library`);
    const saved = page.getByRole('list', { name: 'saved tracks' });
    await saved.getByRole('link', { name: TITLE, exact: true }).waitFor();
    await page.getByLabel('per page').focus();
    await page.keyboard.press('ArrowUp');
    await page.waitForURL(`${server.url}/${me()}/library?limit=10`);
    await saved.getByRole('link', { name: TITLE, exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'profile-library');
    // Removing asks first (removeFromLibrary), then the track leaves the own library at once.
    await saved.getByRole('button', { name: `SAVED ${TITLE}` }).click();
    await page.getByRole('dialog', { name: 'remove from library' }).getByRole('button', { name: 'remove from library' }).click();
    await page.getByText('your library is empty: SAVE a track to find it here.').waitFor();

    const posted = await request(server.url).post(`/v1/comments/resource/track/${trackId}`).set(bearer(member)).send({ text: 'that hiss at 0:02', track_timestamp: 2 });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    await page.goto(`${server.url}/${me()}/comments`);
    const comments = page.getByRole('list', { name: 'comments' });
    await comments.getByText('that hiss at 0:02').waitFor();
    await comments.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`${server.url}/${artist.me.username}/tracks/${trackId}`);

    const empties: [string, string][] = [
      ['collections', 'you have no collections yet.'],
      ['followed-collections', 'you do not follow any collection yet.'],
      ['subscribers', 'nobody subscribes to you yet.'],
      ['subscriptions', 'you have not subscribed to anyone yet.'],
      ['history', 'you have not played anything yet.'],
    ];
    for (const [path, text] of empties) {
      await page.goto(`${server.url}/${me()}/${path}`);
      await page.getByText(text).waitFor();
    }
    const followed = await request(server.url).post(`/v1/manage/collections/${collectionId}/follow`).set(bearer(member));
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    await page.goto(`${server.url}/${me()}/followed-collections`);
    await page.getByRole('list', { name: 'followed collections' }).getByRole('link', { name: 'Night Drives' }).waitFor();

    await page.goto(`${server.url}/${me()}/history`);
    await page.getByRole('button', { name: 'played in this tab' }).click();
    await dialog('history').getByText('nothing played yet.').waitFor();
    await page.keyboard.press('Escape');
    await dialog('history').waitFor({ state: 'detached' });
    expect(watched.problems).toEqual([]);
  });
});
