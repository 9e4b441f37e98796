import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, newMember, type Session } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { assertWebBuilt, axeViolations, launchChromium, screenshot, signInThroughModal, watch, type WatchedPage, WEB_DIR } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { uploadTrack } from '../support/uploads';

const SLOW = { timeout: 30_000 };
/** The goal: a follower's player within one second of the host's. */
const WITHIN_SECONDS = 1;

/**
 * Keeps every media element the page makes (the footer player's audio is never in the document),
 * so the test can read exactly where each player is.
 */
function recordMediaElements(): void {
  const scope = globalThis as unknown as { Audio: new (src?: string) => unknown; __media: unknown[] };
  const Original = scope.Audio;
  scope.__media = [];
  scope.Audio = function Audio(src?: string) {
    const element = new Original(src);
    scope.__media.push(element);
    return element;
  } as unknown as typeof scope.Audio;
  (scope.Audio as unknown as { prototype: unknown }).prototype = (Original as unknown as { prototype: unknown }).prototype;
}

const mediaTime = (page: Page) => page.evaluate(() => {
  const media = (globalThis as unknown as { __media: { currentTime: number }[] }).__media;
  return media.at(-1)?.currentTime ?? -1;
});

/**
 * Listen along in two Chromium pages: the host plays a 40-second track and shares it into
 * Sonar; the follower joins from the card, and their footer player follows the host's track,
 * position, pauses and seeks within one second, until the host stops sharing.
 */
describe('listen along in the browser: a follower keeps within a second of the host', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Session;
  let fixtures: AudioFixtures;
  let trackId: number;
  let hostMember: Session & { email: string; password: string };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    fixtures = await createAudioFixtures();
    hostMember = await newMember(server.url, admin);
    trackId = await uploadTrack(server, hostMember, await fixtures.make('mp3', { seconds: 40 }), { title: 'Long Signal', visibility: 'public' });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await fixtures?.remove();
    await server?.stop();
  });

  async function signedIn(member: { email: string; password: string }): Promise<WatchedPage> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await context.addInitScript(recordMediaElements);
    const tab = watch(await context.newPage());
    await signInThroughModal(tab.page, server.url, member);
    return tab;
  }

  async function openSonar(page: Page) {
    await page.getByRole('banner').getByRole('link', { name: /sonar/ }).click();
    await page.waitForURL(`${server.url}/sonar`);
    await page.getByRole('status', { name: 'connection status' }).getByText('[connected]').waitFor(SLOW);
  }

  /** How far the follower is from the host: the host read before and after the follower, averaged. */
  async function gap(host: Page, follower: Page): Promise<number> {
    const before = await mediaTime(host);
    const followerAt = await mediaTime(follower);
    const after = await mediaTime(host);
    return Math.abs(followerAt - (before + after) / 2);
  }

  /** Within the goal now, and still a few samples later. */
  async function staysInLine(host: Page, follower: Page) {
    await expect.poll(() => gap(host, follower), { timeout: 15_000 }).toBeLessThan(WITHIN_SECONDS);
    for (let sample = 0; sample < 3; sample += 1) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await gap(host, follower)).toBeLessThan(WITHIN_SECONDS);
    }
  }

  it('shares the playing track, and the follower follows its position, pauses and seeks until the host stops', async () => {
    const hostTab = await signedIn(hostMember);
    const followerMember = await newMember(server.url, admin);
    const followerTab = await signedIn(followerMember);
    const host = hostTab.page;
    const follower = followerTab.page;
    const player = (page: Page) => page.getByRole('region', { name: 'player' });

    // The host plays the track, then goes to the room: the player keeps playing across pages.
    await host.goto(`${server.url}/${hostMember.me.username}/tracks/${trackId}`);
    await host.getByRole('article', { name: 'Long Signal' }).getByRole('button', { name: 'PLAY Long Signal' }).click();
    await player(host).getByRole('button', { name: 'pause', exact: true }).waitFor(SLOW);
    await openSonar(host);
    await openSonar(follower);
    await host.getByRole('button', { name: 'share playing track' }).click();
    await host.getByText('♪ sharing your player with the room').waitFor();

    // The newest card: a retry of this test finds the first attempt's card in the room's history too.
    const card = follower.getByRole('group', { name: 'shared track Long Signal' }).last();
    await card.getByRole('link', { name: 'Long Signal' }).waitFor(SLOW);
    await card.getByRole('button', { name: `listen along with ${hostMember.me.username}` }).click();
    await follower.getByText(`♪ listening along with ${hostMember.me.username}`).waitFor();
    await player(follower).getByRole('button', { name: 'pause', exact: true }).waitFor(SLOW);
    await staysInLine(host, follower);
    expect(await axeViolations(follower)).toEqual([]);
    await screenshot(follower, 'listen-along');

    // The host pauses: the follower pauses where the host stopped.
    await player(host).getByRole('button', { name: 'pause', exact: true }).click();
    await player(follower).getByRole('button', { name: 'play', exact: true }).waitFor(SLOW);
    await staysInLine(host, follower);

    // The host skips ahead and plays again: the follower jumps with them.
    const before = await mediaTime(host);
    for (let press = 0; press < 3; press += 1) await host.locator('body').press('ArrowRight');
    await player(host).getByRole('button', { name: 'play', exact: true }).click();
    await expect.poll(() => mediaTime(host)).toBeGreaterThan(before + 10);
    await player(follower).getByRole('button', { name: 'pause', exact: true }).waitFor(SLOW);
    await staysInLine(host, follower);

    // The host stops sharing: the follower is told, and keeps their player as it is.
    await host.getByRole('button', { name: 'stop sharing' }).click();
    await follower.getByText(`listen along ended: ${hostMember.me.username} stopped sharing`).waitFor(SLOW);
    expect(await follower.getByRole('button', { name: `listen along with ${hostMember.me.username}` }).count()).toBe(0);
    for (const problems of [hostTab.problems, followerTab.problems]) expect(problems).toEqual([]);
  }, 180_000);
});
