import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../auth/helpers';
import { axeViolations, screenshot } from '../support/browser';
import type { Member } from '../support/factories';
import type { TestServer } from '../support/server';
import {
  box, LAPTOP, openPanel, PHONE, picture, player, playFromList, playFromTrackPage as playFromTrackPageOf, scrollWidth, SLOW, titles, trackPath as trackPathOf,
  useLayoutWorld,
} from './layout-world';

/**
 * The footer player from a phone to a laptop: one line on a phone, one bar of at most 96 px on a
 * laptop with a panel for the rest, toasts above it, and the queue reordered by keyboard and drag.
 */
describe('the footer player on phones and laptops', () => {
  const world = useLayoutWorld();
  let server: TestServer;
  let owner: Member;
  let listener: Member;
  beforeAll(() => {
    ({ server, owner, listener } = world);
  });
  const signedIn = world.signedIn;
  const trackPath = (index: number) => trackPathOf(world, index);
  const playFromTrackPage = (page: Parameters<typeof playFromTrackPageOf>[1], index: number) => playFromTrackPageOf(world, page, index);

  it('on a phone the player is one line and dialogs take the full width', async () => {
    const { page, problems } = await signedIn(listener, PHONE);
    await playFromTrackPage(page, 0);
    const bar = await box(player(page));
    expect(bar.height).toBeLessThanOrEqual(64);
    // Artwork, title, play and the options button share the line.
    const parts = [player(page).locator('.player__artwork'), player(page).getByRole('link', { name: titles[0] }), player(page).getByRole('button', { name: 'pause' }), player(page).getByRole('button', { name: 'more' })];
    for (const part of parts) {
      const where = await box(part);
      expect(where.y).toBeGreaterThanOrEqual(bar.y);
      expect(where.y + where.height).toBeLessThanOrEqual(bar.y + bar.height);
      expect(where.x + where.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await scrollWidth(page)).toBe(PHONE.width);
    await picture(page, 'track');
    await (await openPanel(page)).getByRole('button', { name: /^queue/ }).click();
    const dialog = page.getByRole('dialog', { name: /^queue/ });
    await dialog.waitFor();
    expect((await box(dialog)).width).toBe(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/${owner.me.username}`);
    await page.getByRole('article', { name: titles[1] }).waitFor();
    expect(await scrollWidth(page)).toBe(PHONE.width);
    await picture(page, 'profile');
    expect(problems).toEqual([]);
  }, 240_000);

  it('on a laptop the player is one bar of at most 96 px with everything a listener needs; toasts stay above it; it stays on the last track with its history', async () => {
    const { page, problems } = await signedIn(listener, LAPTOP);
    await page.goto(`${server.url}/${owner.me.username}`);
    await playFromList(page, 1);
    const bar = player(page);
    await bar.locator('.player__wave canvas').first().waitFor();
    expect((await box(bar)).height).toBeLessThanOrEqual(96);
    await bar.locator('.player__artwork').waitFor();
    await bar.getByRole('link', { name: titles[1] }).waitFor();
    await bar.getByRole('link', { name: owner.me.username }).waitFor();
    await bar.getByRole('button', { name: 'previous' }).waitFor();
    await bar.getByRole('button', { name: 'next' }).waitFor();
    await bar.getByRole('button', { name: 'pause' }).waitFor();
    await bar.getByRole('list', { name: 'comments on the waveform' }).waitFor({ state: 'attached' });
    expect(await bar.getByLabel('position').textContent()).toMatch(/^\d:\d\d \/ \d:\d\d$/);
    await bar.getByRole('slider', { name: 'volume' }).waitFor();

    // The options panel: queue, history, endless, shuffle, the common speeds and the rest.
    const options = await openPanel(page);
    for (const name of [/^queue \(\d+\)$/, 'history', 'shuffle', 'keys', 'COMMENT']) await options.getByRole('button', { name }).waitFor();
    const speeds = await options.getByLabel('speed').locator('option').allTextContents();
    expect(speeds).toEqual(['0.5×', '0.75×', '1×', '1.25×', '1.5×', '2×']);
    expect((await box(bar)).height).toBeLessThanOrEqual(96);
    // A click outside folds the panel, and so does a move to another page.
    await page.getByRole('main').getByRole('heading', { level: 1 }).click();
    await expect.poll(() => bar.getByRole('button', { name: 'more' }).getAttribute('aria-expanded')).toBe('false');
    await openPanel(page);
    // The title leads to the track page, within the app (the player keeps playing).
    await bar.getByRole('link', { name: titles[1] }).click();
    await page.waitForURL(`${server.url}${trackPath(1)}`);
    await page.getByRole('article', { name: titles[1] }).getByRole('button', { name: `PLAYING ${titles[1]}` }).waitFor();
    await expect.poll(() => bar.getByRole('button', { name: 'more' }).getAttribute('aria-expanded')).toBe('false');
    await openPanel(page);
    expect(await axeViolations(page)).toEqual([]);
    await picture(page, 'track');

    // A toast (a message arriving) shows above the bar, never over it.
    const sent = await request(server.url).post('/v1/messages').set(bearer(owner)).send({ recipient_username: listener.me.username, content: 'still there?' });
    expect(sent.status).toBe(201);
    const toast = page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: 'still there?' });
    await toast.waitFor(SLOW);
    const toastBox = await box(toast);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual((await box(bar)).y);
    await options.getByRole('button', { name: 'keys' }).click();
    await options.getByRole('heading', { name: 'keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => bar.getByRole('button', { name: 'more' }).getAttribute('aria-expanded')).toBe('false');

    // Another track, then to the end of it: the player stays on it, paused, with its history.
    await page.goBack();
    await page.waitForURL(`${server.url}/${owner.me.username}`);
    await playFromList(page, 2);
    await bar.getByRole('link', { name: titles[2] }).waitFor();
    const wave = await box(bar.locator('.player__wave'));
    await page.mouse.click(wave.x + wave.width - 2, wave.y + wave.height / 2);
    await bar.getByRole('button', { name: 'play', exact: true }).waitFor(SLOW);
    await bar.getByRole('link', { name: titles[2] }).waitFor();
    await page.getByRole('article', { name: titles[2] }).getByRole('button', { name: `PAUSED ${titles[2]}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await picture(page, 'profile');
    await (await openPanel(page)).getByRole('button', { name: 'history' }).click();
    const history = page.getByRole('dialog', { name: 'history' });
    await history.getByRole('button', { name: `play again ${titles[1]}` }).waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  }, 240_000);

  it('the queue is reordered by keyboard and by drag', async () => {
    const { page, problems } = await signedIn(listener, LAPTOP);
    await page.goto(`${server.url}/${owner.me.username}`);
    await playFromList(page, 0);
    await page.getByRole('button', { name: 'queue all' }).click();
    // Paused, so the four-second track does not end and take the next one off the queue while
    // a slow machine works through the moves.
    await player(page).getByRole('button', { name: 'pause' }).click();
    await player(page).getByRole('button', { name: 'play', exact: true }).waitFor();
    await (await openPanel(page)).getByRole('button', { name: /^queue \(\d+\)$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^queue/ });
    const order = async () => (await dialog.getByRole('list', { name: 'queued tracks' }).locator('.player-list__name').allTextContents()).map((text) => text.split(' by ')[0]!.trim());
    await dialog.getByRole('list', { name: 'queued tracks' }).waitFor();
    await expect.poll(async () => (await order()).length).toBe(3);
    const [first, second, third] = await order();
    expect([first, second, third].sort()).toEqual([...titles].sort());

    // Keyboard: space lifts the first, ↓ moves it down one place, space drops it. Each move is announced.
    const said = (text: string) => page.getByText(text).waitFor({ state: 'attached' });
    const lift = async (title: string) => {
      const handle = dialog.getByRole('button', { name: `move ${title}`, exact: true });
      await handle.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
      // The sensor adds its key listener in a zero-delay timer when the lift starts, and the
      // handle can show the lift before that timer ran: one more such timer in the page runs after it.
      await page.evaluate(() => new Promise((resolve) => (globalThis as any).setTimeout(resolve, 0)));
    };
    await lift(first);
    await page.keyboard.press('ArrowDown');
    await said(`${first} moved to place 2 of 3`);
    await page.keyboard.press('Space');
    await expect.poll(order).toEqual([second, first, third]);
    // Escape while moving cancels the move and keeps the dialog open.
    await lift(third);
    await page.keyboard.press('ArrowUp');
    await said(`${third} moved to place 2 of 3`);
    await page.keyboard.press('Escape');
    await said(`moving cancelled: ${third} stays at place 3`);
    await expect.poll(order).toEqual([second, first, third]);
    expect(await dialog.isVisible()).toBe(true);

    // Drag: the last one's handle up to the top.
    const handle = await box(dialog.getByRole('button', { name: `move ${third}`, exact: true }));
    const top = await box(dialog.getByRole('button', { name: `move ${second}`, exact: true }));
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + ((top.y - handle.y - 4) * step) / 10);
    }
    await page.mouse.up();
    await expect.poll(order).toEqual([third, second, first]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'queue-reorder');
    expect(problems).toEqual([]);
  }, 180_000);
});
