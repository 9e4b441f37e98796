import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from '../support/browser';
import { useBrowserWorld } from '../support/browser-world';
import type { Member } from '../support/factories';

const SLOW = { timeout: 30_000 };
const TITLES = ['Tide One', 'Tide Two', 'Tide Three'];

/**
 * Albums in the browser: a core member makes one from their tracks, ordering them by keyboard;
 * its page plays it in order in the footer player, and the edit dialog reorders by drag; another member finds it on the profile's
 * albums tab, in explore and from a track's page.
 */
describe('albums', () => {
  let owner: Member;
  let fan: Member;
  const world = useBrowserWorld({
    roles: ['api', 'projector', 'transcoder'],
    ready: async ({ make }) => {
      owner = await make.newMember({ tier: 'core' });
      fan = await make.newMember();
      for (const title of TITLES) await make.newTrack({ owner, title });
    },
  });

  const order = (page: Page) => page.getByRole('dialog', { name: 'new album' }).getByRole('list', { name: 'album tracks in order' })
    .locator('.album-order__title').allTextContents();

  it('a member makes an album, orders it by keyboard, opens its page, plays it all in order, and reorders it by drag', async () => {
    const tab = await world.signedIn(owner);
    const { page } = tab;
    await page.goto(`${world.server.url}/${owner.me.username}`);
    await page.getByRole('navigation').getByRole('link', { name: 'albums', exact: true }).click();
    await page.waitForURL(`${world.server.url}/${owner.me.username}/albums`);
    await page.getByRole('button', { name: 'new album' }).click();
    const dialog = page.getByRole('dialog', { name: 'new album' });
    await dialog.getByRole('list', { name: 'your tracks' }).waitFor(SLOW);
    await dialog.getByLabel('title').fill('Low Tide');
    for (const title of TITLES) await dialog.getByRole('button', { name: `add ${title}`, exact: true }).click();
    expect(await order(page)).toEqual(TITLES);

    // The third track to the top, by keyboard: space lifts it, ↑ twice, space drops it; each move is announced.
    const handle = dialog.getByRole('button', { name: 'move Tide Three', exact: true });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    // The sensor adds its key listener in a zero-delay timer once the lift starts.
    await page.evaluate(() => new Promise((resolve) => (globalThis as any).setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowUp');
    await page.getByText('Tide Three moved to track 2 of 3').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    await page.getByText('Tide Three moved to track 1 of 3').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(() => order(page)).toEqual(['Tide Three', 'Tide One', 'Tide Two']);
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'create album' }).click();
    await page.waitForURL(new RegExp(`/${owner.me.username}/albums/\\d+$`), SLOW);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Low Tide' }).waitFor(SLOW);
    expect(await main.getByRole('button', { name: 'Enlarge cover of Low Tide' }).count()).toBe(1);
    expect(await main.locator('time').getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await main.getByLabel('total time').textContent()).toMatch(/^0:\d{2}$/);
    const listed = await main.getByRole('list', { name: 'tracks' }).getByRole('link').allTextContents();
    expect(listed).toEqual(['Tide Three', 'Tide One', 'Tide Two']);

    // Play all: the first track plays, the rest wait in the queue in the album's order.
    await main.getByRole('button', { name: 'play all of Low Tide' }).click();
    const player = page.getByRole('region', { name: 'player' });
    await player.getByText('Tide Three').first().waitFor(SLOW);
    await player.getByRole('button', { name: 'pause' }).click();
    const more = player.getByRole('button', { name: 'more' });
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    await page.getByRole('group', { name: 'player options' }).getByRole('button', { name: /^queue \(\d+\)$/ }).click();
    const queue = page.getByRole('dialog', { name: /^queue/ });
    const queued = async () => (await queue.getByRole('list', { name: 'queued tracks' }).locator('.player-list__name').allTextContents())
      .map((text) => text.split(' by ')[0]!.trim());
    await expect.poll(queued).toEqual(['Tide One', 'Tide Two']);
    await page.keyboard.press('Escape');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'album-page');

    // Edit: the last track dragged by its handle to the top, saved as the album's new order.
    await main.getByRole('button', { name: 'edit album' }).click();
    const edit = page.getByRole('dialog', { name: 'edit album' });
    const editOrder = () => edit.getByRole('list', { name: 'album tracks in order' }).locator('.album-order__title').allTextContents();
    await expect.poll(editOrder, SLOW).toEqual(['Tide Three', 'Tide One', 'Tide Two']);
    const box = async (name: string) => (await edit.getByRole('button', { name, exact: true }).boundingBox())!;
    const from = await box('move Tide Two');
    const to = await box('move Tide Three');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 4) * step) / 10);
    await page.mouse.up();
    await expect.poll(editOrder).toEqual(['Tide Two', 'Tide Three', 'Tide One']);
    await edit.getByRole('button', { name: 'save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => main.getByRole('list', { name: 'tracks' }).getByRole('link').allTextContents(), SLOW).toEqual(['Tide Two', 'Tide Three', 'Tide One']);
    expect(tab.problems).toEqual([]);
  }, 240_000);

  it('another member finds the album on the profile tab, in explore and from a track\'s page', async () => {
    const tab = await world.signedIn(fan);
    const { page } = tab;
    await page.goto(`${world.server.url}/${owner.me.username}/albums`);
    const tabList = page.getByRole('list', { name: 'albums' });
    await tabList.getByRole('link', { name: 'Low Tide' }).waitFor(SLOW);
    expect(await page.getByRole('button', { name: 'new album' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${world.server.url}/explore/albums`);
    await page.getByRole('navigation', { name: 'explore' }).getByRole('link', { name: 'albums' }).waitFor(SLOW);
    await page.getByRole('list', { name: 'albums' }).getByRole('link', { name: 'Low Tide' }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Low Tide' }).waitFor(SLOW);
    await page.getByRole('main').getByRole('list', { name: 'tracks' }).getByRole('link', { name: 'Tide One' }).click();
    // The track's page links back to its album.
    const back = page.getByRole('main').getByRole('link', { name: 'Low Tide' });
    await back.waitFor(SLOW);
    await back.click();
    await page.waitForURL(new RegExp(`/${owner.me.username}/albums/\\d+$`));
    expect(await axeViolations(page)).toEqual([]);
    expect(tab.problems).toEqual([]);
  }, 180_000);
});
