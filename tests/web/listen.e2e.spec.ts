import type { Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIR, assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal } from '../support/browser';
import { addToCollection, bearer, call, createCollection, startSocialWorld, WORLD_START_MS, type SocialWorld } from '../social/helpers';
import { member } from '../tracks/helpers';

const PHONE = { width: 390, height: 844 };
const SLOW = { timeout: 30_000 };

/**
 * A shared track link, followed by someone who is not signed in: the listen page shows the
 * player, the title, the artist and the artwork, with a way in, and unfolds in chat apps through
 * its head; a member following it lands on the track's own page. The track page's share button
 * hands out that link and the embed code, and its comments can be edited by their authors.
 */
describe("the listen page of a shared track, and the track page's share button and comment edits", () => {
  let world: SocialWorld;
  let browser: Browser;
  const listen = (id: number, username = world.owner.me.username) => `${world.url}/listen/${username}/${id}`;

  beforeAll(async () => {
    assertWebBuilt();
    world = await startSocialWorld({ webDir: WEB_DIR });
    browser = await launchChromium();
  }, WORLD_START_MS);
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  it('shows a visitor the player, title, artist and artwork, and login leads on to the track page', async () => {
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      const { page, context, problems } = await openWatchedPage(browser, viewport);
      await page.goto(listen(world.tracks.public));
      await page.getByRole('heading', { level: 1, name: 'Open Sky' }).waitFor(SLOW);
      await expect.poll(() => page.title()).toBe('Open Sky | stardeck');
      await page.getByText(`by ${world.owner.me.username}`).waitFor();
      await page.getByRole('img', { name: 'artwork of Open Sky' }).waitFor();
      const player = page.frameLocator('iframe[title="player: Open Sky"]');
      await player.getByRole('button', { name: 'Play' }).waitFor(SLOW);
      expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page), `${viewport.width} px`).toEqual([]);
      await screenshot(page, `listen-${viewport.width}`);
      expect(problems).toEqual([]);

      if (viewport === PHONE) {
        await page.getByRole('main').getByRole('button', { name: 'join the waitlist' }).click();
        await page.getByRole('dialog', { name: 'waitlist' }).waitFor();
      } else {
        await page.getByRole('main').getByRole('button', { name: 'login' }).click();
        const dialog = page.getByRole('dialog', { name: 'login' });
        await dialog.getByLabel('email').fill(world.fan.email);
        await dialog.getByLabel('password').fill(world.fan.password);
        await dialog.getByRole('button', { name: 'login', exact: true }).click();
        await page.waitForURL(`${world.url}/${world.owner.me.username}/tracks/${world.tracks.public}`, SLOW);
      }
      await context.close();
    }
  });

  it('opens an unlisted track by its link, answers a private or misnamed one as missing, and sends a member to the track page', async () => {
    const { page, context, problems } = await openWatchedPage(browser);
    await page.goto(listen(world.tracks.unlisted));
    await page.getByRole('heading', { level: 1, name: 'Side Door' }).waitFor(SLOW);
    await page.frameLocator('iframe[title="player: Side Door"]').getByRole('button', { name: 'Play' }).waitFor(SLOW);

    for (const dead of [listen(world.tracks.private), listen(world.tracks.public, world.fan.me.username), listen(999_999)]) {
      await page.goto(dead);
      await page.getByRole('heading', { level: 1, name: 'track not found' }).waitFor(SLOW);
      expect(await page.content()).not.toContain('Diary');
    }
    // The missing state asked the API and was told so; nothing else went wrong.
    expect(problems.every((p) => /^(403|404) GET \/v1\/tracks\/\d+$/.test(p)), problems.join('\n')).toBe(true);
    await context.close();

    const member = await openWatchedPage(browser);
    await signInThroughModal(member.page, world.url, world.stranger);
    await member.page.goto(listen(world.tracks.public));
    await member.page.waitForURL(`${world.url}/${world.owner.me.username}/tracks/${world.tracks.public}`, SLOW);
    await member.context.close();
  });

  it('unfolds in a chat app: the shell carries the title, artwork and oEmbed link, escaped, and nothing for a private track', async () => {
    const html = (await request(world.url).get(`/listen/${world.owner.me.username}/${world.tracks.public}`).expect(200)).text;
    expect(html).toContain('<meta property="og:title" content="Open Sky');
    expect(html).toContain(`<link rel="alternate" type="application/json+oembed" href="${world.url}/oembed?url=${encodeURIComponent(listen(world.tracks.public))}&amp;format=json"`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+">/);
    const hidden = (await request(world.url).get(`/listen/${world.owner.me.username}/${world.tracks.private}`).expect(200)).text;
    expect(hidden).not.toContain('og:title');
    expect(hidden).not.toContain('Diary');
  });

  it("gives a member the listen link and the embed code from the track page's share button", async () => {
    const { page, context, problems } = await openWatchedPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.url });
    await signInThroughModal(page, world.url, world.fan);
    await page.goto(`${world.url}/${world.owner.me.username}/tracks/${world.tracks.public}`);
    await page.getByRole('button', { name: 'share Open Sky' }).click();
    const panel = page.getByRole('group', { name: 'share Open Sky' });
    await panel.getByRole('button', { name: 'copy link' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(listen(world.tracks.public));
    await panel.getByRole('button', { name: 'copy embed code' }).click();
    await page.getByText('Embed code copied').waitFor();
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(
      `<iframe src="${world.url}/embed/tracks/${world.tracks.public}" width="480" height="160" frameborder="0" allow="autoplay" title="stardeck player"></iframe>`,
    );
    expect(await axeViolations(page)).toEqual([]);
    // A private track has no link to share.
    await page.goto(`${world.url}/${world.owner.me.username}/tracks/${world.tracks.private}`);
    expect(problems.filter((p) => !p.includes(`/v1/tracks/${world.tracks.private}`))).toEqual([]);
    await context.close();

    const owner = await openWatchedPage(browser);
    await signInThroughModal(owner.page, world.url, world.owner);
    await owner.page.goto(`${world.url}/${world.owner.me.username}/tracks/${world.tracks.private}`);
    await owner.page.getByRole('heading', { level: 1, name: 'Diary' }).waitFor(SLOW);
    expect(await owner.page.getByRole('button', { name: 'share Diary' }).count()).toBe(0);
    await owner.context.close();
  });

  it('lets the author of a comment edit it in place, and no one else', async () => {
    const comment = await request(world.url).post(`/v1/comments/resource/track/${world.tracks.public}`).set(bearer(world.fan)).send({ text: 'lovely intro', track_timestamp: 1 }).expect(201);
    const { page, context, problems } = await openWatchedPage(browser);
    await signInThroughModal(page, world.url, world.fan);
    await page.goto(`${world.url}/${world.owner.me.username}/tracks/${world.tracks.public}`);
    const mine = page.locator('.comment').filter({ hasText: 'lovely intro' });
    await mine.getByRole('button', { name: `edit comment by ${world.fan.me.username}` }).click();
    const box = page.getByLabel(`edit comment by ${world.fan.me.username}`);
    await expect.poll(() => box.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true);
    // Escape leaves it as it was.
    await box.fill('lovely intro, and the drop');
    await page.keyboard.press('Escape');
    await mine.getByText('lovely intro', { exact: true }).waitFor();
    await mine.getByRole('button', { name: `edit comment by ${world.fan.me.username}` }).click();
    await box.fill('lovely intro, and the drop');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    const edited = page.locator('.comment').filter({ hasText: 'lovely intro, and the drop' });
    await edited.getByText(/· edited/).waitFor(SLOW);
    const stored = await request(world.url).get(`/v1/comments/track/${comment.body.data.comment.id}/thread`).set(bearer(world.fan)).expect(200);
    expect(stored.body.data.thread.comment).toMatchObject({ text: 'lovely intro, and the drop', track_timestamp: 1, edited: true });
    expect(problems).toEqual([]);
    await context.close();

    // The track's owner may delete it, but not put words in its author's mouth.
    const owner = await openWatchedPage(browser);
    await signInThroughModal(owner.page, world.url, world.owner);
    await owner.page.goto(`${world.url}/${world.owner.me.username}/tracks/${world.tracks.public}`);
    const theirs = owner.page.locator('.comment').filter({ hasText: 'lovely intro, and the drop' });
    await theirs.getByRole('button', { name: `delete comment by ${world.fan.me.username}` }).waitFor(SLOW);
    expect(await theirs.getByRole('button', { name: /^edit/ }).count()).toBe(0);
    await owner.context.close();
  });

  it('shows who saved the track, five at a time, and the public collections it is in', async () => {
    const savers = [world.fan, ...(await Promise.all([0, 1, 2, 3, 4].map(() => member(world))))];
    for (const saver of savers) await call(world, saver, 'post', '/v1/manage/library', { track_id: world.tracks.public }).expect(200);
    const shown = await createCollection(world, world.fan, { name: 'Late Walks', visibility: 'public' });
    const hidden = await createCollection(world, world.fan, { name: 'Just Mine', visibility: 'private' });
    for (const id of [shown, hidden]) await addToCollection(world, world.fan, id, world.tracks.public);

    const { page, context, problems } = await openWatchedPage(browser, PHONE);
    await signInThroughModal(page, world.url, world.stranger);
    await page.goto(`${world.url}/${world.owner.me.username}/tracks/${world.tracks.public}`);
    const saved = page.getByRole('region', { name: 'saved by (6)' });
    await saved.waitFor(SLOW);
    await expect.poll(() => saved.getByRole('listitem').count()).toBe(5);
    await saved.getByRole('button', { name: 'more members who saved Open Sky' }).click();
    await expect.poll(() => saved.getByRole('listitem').count()).toBe(6);
    expect(await saved.getByRole('button', { name: /^more/ }).count()).toBe(0);
    await saved.getByRole('link', { name: world.fan.me.username }).waitFor();

    const collections = page.getByRole('region', { name: 'in collections (1)' });
    await collections.getByRole('link', { name: 'Late Walks' }).waitFor(SLOW);
    expect(await page.content()).not.toContain('Just Mine');
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await collections.getByRole('link', { name: 'Late Walks' }).click();
    await page.waitForURL(`${world.url}/${world.fan.me.username}/collections/${shown}`, SLOW);
    expect(problems).toEqual([]);
    await context.close();
  });
});
