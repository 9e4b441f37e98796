import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, newMember, type Session } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { assertWebBuilt, axeViolations, launchChromium, screenshot, signInThroughModal, watch, watchContext, type WatchedPage, WEB_DIR } from '../support/browser';
import { factories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { uploadTrack } from '../support/uploads';

/**
 * Uploading, playing and commenting in Chromium, with the site opened under another name than
 * PUBLIC_URL (localhost against 127.0.0.1): the signed upload and play URLs must not care.
 */
describe('tracks and the footer player in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let fixtures: AudioFixtures;
  let context: BrowserContext;
  let watched: WatchedPage;
  let page: Page;
  let member: Session & { email: string; password: string };
  let site: string;
  const player = () => page.getByRole('region', { name: 'player' });
  /** The compact bar keeps the rest (queue, history, endless, comment, keys…) in its options panel. */
  const options = async () => {
    const more = player().getByRole('button', { name: 'more' });
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    return page.getByRole('group', { name: 'player options' });
  };

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    site = server.url.replace('127.0.0.1', 'localhost');
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    member = await newMember(server.url, admin);
    // Endless mode is a premium feature.
    await factories({ url: server.url, admin }).setTier(member, 'premium');
    [browser, fixtures] = await Promise.all([launchChromium(), createAudioFixtures()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await watchContext(context);
    // The lock screen and hardware keys reach the page through the handlers it gives the Media
    // Session; they are kept so the test can press those keys.
    await context.addInitScript(() => {
      const session = (globalThis as any).navigator.mediaSession;
      const handlers: Record<string, (details: object) => void> = {};
      (globalThis as any).mediaSessionHandlers = handlers;
      const register = session.setActionHandler.bind(session);
      session.setActionHandler = (action: string, handler: (details: object) => void) => {
        handlers[action] = handler;
        register(action, handler);
      };
    });
    watched = watch(await context.newPage());
    page = watched.page;
    await signInThroughModal(page, site, member);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await fixtures?.remove();
    await server?.stop();
  });

  it('uploads a file with visible progress, follows processing to ready, plays it from its card in the footer player, driven by media keys and the keyboard', async () => {
    expect(new URL(site).host).not.toBe(new URL(server.url).host);
    await page.goto(`${site}/${member.me.username}`);
    await page.getByRole('button', { name: '+ upload track' }).click();
    const dialog = page.getByRole('dialog', { name: 'upload track' });
    await dialog.getByLabel(/^audio file/).setInputFiles(await fixtures.make('mp3', { seconds: 30 }));
    // The title defaults to the filename without its extension.
    expect(await dialog.getByLabel('title').inputValue()).not.toBe('');
    await dialog.getByLabel('title').fill('Night Signal');
    await dialog.getByLabel('tags').fill('Ambient');
    await dialog.getByLabel('tags').press('Enter');
    await dialog.getByRole('button', { name: 'remove tag Ambient' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'upload');

    // A slow line, so the transfer's progress can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    await dialog.getByRole('button', { name: 'upload', exact: true }).click();
    await dialog.getByText(/uploading \d+%/).waitFor();
    await dialog.getByText(/\d+(\.\d)? KB of \d+(\.\d)? KB/).waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await dialog.getByText(/ready:/).waitFor({ timeout: 60_000 });
    await dialog.getByRole('link', { name: 'Night Signal' }).click();

    await page.waitForURL(/\/tracks\/\d+$/);
    await expect.poll(() => page.title()).toBe('Night Signal | stardeck');
    const hero = page.getByRole('article', { name: 'Night Signal' });
    await hero.getByRole('link', { name: '#Ambient' }).waitFor();
    await screenshot(page, 'track-detail');
    await hero.getByRole('button', { name: 'PLAY Night Signal' }).click();
    await hero.getByRole('button', { name: 'PLAYING Night Signal' }).waitFor();
    // The footer player draws the server's peaks and moves on.
    await player().locator('.player__wave canvas').first().waitFor();
    await expect.poll(() => player().getByLabel('position').textContent(), { timeout: 15_000 }).toMatch(/^0:(0[1-9]|[12]\d) \/ 0:30$/);

    // The Media Session shows the track, and its keys drive the player.
    const mediaSession = () => page.evaluate(() => {
      const session = (globalThis as any).navigator.mediaSession;
      return { title: session.metadata?.title, state: session.playbackState };
    });
    const pressMediaKey = (action: string) => page.evaluate((name) => (globalThis as any).mediaSessionHandlers[name]({ action: name }), action);
    const playButton = (name: 'play' | 'pause') => player().getByRole('button', { name, exact: true });
    expect(await mediaSession()).toEqual({ title: 'Night Signal', state: 'playing' });
    await pressMediaKey('pause');
    await playButton('play').waitFor();
    expect((await mediaSession()).state).toBe('paused');
    // Keyboard: → skips 5 s ahead, space plays and pauses.
    const seconds = async () => (await player().getByLabel('position').textContent())!.split(' / ')[0]!.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    const before = await seconds();
    await page.locator('body').press('ArrowRight');
    await expect.poll(seconds).toBe(before + 5);
    await pressMediaKey('play');
    await playButton('pause').waitFor();
    await page.locator('body').press('Space');
    await playButton('play').waitFor();
    await page.locator('body').press('Space');
    await playButton('pause').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'player');
    expect(watched.problems).toEqual([]);
    expect(await watched.cspViolations()).toEqual([]);
  });

  it('posts a comment at the second playback is at, and its avatar appears on the waveform', async () => {
    const wave = player().getByRole('list', { name: 'comments on the waveform' });
    // Paused (a retry finds it paused already), so the moment no longer moves.
    const pause = player().getByRole('button', { name: 'pause', exact: true });
    if (await pause.isVisible()) await pause.click();
    await player().getByRole('button', { name: 'play', exact: true }).waitFor();
    await (await options()).getByRole('button', { name: 'COMMENT' }).click();
    // The draft starts at the second playback stopped at, which the position shows.
    const label = (await player().locator('label', { hasText: /^comment at \d+:\d\d$/ }).textContent())!;
    const position = label.replace('comment at ', '');
    const input = player().getByLabel(`comment at ${position}`);
    expect((await player().getByLabel('position', { exact: true }).textContent())!.split(' / ')[0]).toBe(position);
    await input.fill('the second swell');
    // The draft's avatar moves the moment, a second per arrow key.
    await player().getByRole('slider', { name: 'new comment position' }).press('ArrowLeft');
    const [minutes, seconds] = position.split(':').map(Number) as [number, number];
    const earlier = minutes * 60 + seconds - 1;
    const moved = `${Math.floor(earlier / 60)}:${String(earlier % 60).padStart(2, '0')}`;
    await player().getByLabel(`comment at ${moved}`).waitFor();
    await player().getByRole('button', { name: 'post' }).click();
    await wave.getByRole('button', { name: `comment by ${member.me.username} at ${moved}: the second swell` }).waitFor();
    // The track page lists it in its threads too.
    await page.getByRole('region', { name: /^comments/ }).getByText('the second swell').waitFor();
    await (await options()).getByRole('button', { name: `jump to the most discussed moment (${moved})` }).waitFor();
    expect(watched.problems).toEqual([]);
  });

  it('tops up the queue in endless mode, skips with j and k, and lists queue and history', async () => {
    const other = await uploadTrack(server, member, await fixtures.make('ogg'), { title: 'Second Light', visibility: 'public' });
    expect(other).toBeGreaterThan(0);
    const controls = await options();
    await controls.getByRole('button', { name: 'endless' }).click();
    // The only other track joins the queue.
    await controls.getByRole('button', { name: 'queue (1)' }).waitFor();
    await page.locator('body').press('j');
    await player().getByRole('link', { name: 'Second Light' }).waitFor();
    // Nothing left to add: the current track, the queue and recent history are never picked.
    await controls.getByRole('button', { name: 'queue (0)' }).waitFor();
    await page.locator('body').press('k');
    await player().getByRole('link', { name: 'Night Signal' }).waitFor();
    await controls.getByRole('button', { name: 'queue (1)' }).click();
    const queue = page.getByRole('dialog', { name: 'queue (1)' });
    await queue.getByRole('button', { name: 'play Second Light' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'queue');
    await page.keyboard.press('Escape');
    await controls.getByRole('button', { name: 'keys' }).click();
    await controls.getByRole('heading', { name: 'keyboard shortcuts' }).waitFor();
    await player().getByRole('button', { name: 'hide player' }).click();
    expect(await player().getByRole('button', { name: 'show player' }).getAttribute('aria-expanded')).toBe('false');
    expect(watched.problems).toEqual([]);
    expect(await watched.cspViolations()).toEqual([]);
  });

  it('edits a track, replies to a comment, deletes the thread and a track through their modals, and lists the history', async () => {
    await player().getByRole('button', { name: 'show player' }).click();
    await (await options()).getByRole('button', { name: 'history' }).click();
    const history = page.getByRole('dialog', { name: 'history' });
    await history.getByText('player --history').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // A list is not kept open across a route change (an upload or an edit would be).
    await page.goBack();
    await history.waitFor({ state: 'detached' });
    await page.goForward();
    // Within the app: the player kept its track.
    await player().getByRole('link', { name: 'Night Signal' }).waitFor();

    const hero = page.getByRole('article', { name: 'Night Signal' });
    await hero.getByRole('button', { name: 'edit Night Signal' }).click();
    const edit = page.getByRole('dialog', { name: 'edit track' });
    await edit.getByLabel('title').fill('Night Signal II');
    expect(await axeViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    // The page behind shows the edit at once.
    await page.getByRole('article', { name: 'Night Signal II' }).getByRole('heading', { name: 'Night Signal II' }).waitFor();

    const threads = page.getByRole('region', { name: /^comments/ });
    // A reply in the comment's thread, counted on it.
    await threads.getByRole('button', { name: 'replies (0)' }).click();
    await threads.getByRole('textbox', { name: /^reply to / }).fill('a closer listen');
    await threads.getByRole('button', { name: 'reply', exact: true }).click();
    await threads.getByText('a closer listen').waitFor();
    await threads.getByRole('button', { name: 'hide replies' }).click();
    await threads.getByRole('button', { name: 'replies (1)' }).waitFor();

    await threads.getByRole('button', { name: /^delete comment by / }).click();
    const deleteComment = page.getByRole('dialog', { name: 'delete comment' });
    await deleteComment.getByText('the second swell').waitFor();
    await deleteComment.getByText('delete this comment and its replies?').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await deleteComment.getByRole('button', { name: 'delete comment' }).click();
    await deleteComment.waitFor({ state: 'detached' });
    await threads.getByText('the second swell').waitFor({ state: 'detached' });
    await player().getByRole('list', { name: 'comments on the waveform' }).getByRole('button', { name: /the second swell/ }).waitFor({ state: 'detached' });

    await page.goto(`${site}/${member.me.username}`);
    const card = page.getByRole('article', { name: 'Second Light' });
    await card.getByRole('button', { name: 'delete Second Light' }).click();
    const deleteTrack = page.getByRole('dialog', { name: 'delete track' });
    await deleteTrack.getByText('this cannot be undone').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await deleteTrack.getByRole('button', { name: 'delete track' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Night Signal II' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
    expect(await watched.cspViolations()).toEqual([]);
  });
});
