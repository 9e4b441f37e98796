import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { useBrowserWorld } from '../support/browser-world';
import type { Member } from '../support/factories';
import { uploadTrack } from '../support/uploads';

/** The part of the page's video element these checks use (this TypeScript has no DOM library). */
interface MediaElement extends PictureState {
  play(): Promise<void>;
  pause(): void;
}

/** What the page's video element says of itself. */
interface PictureState {
  muted: boolean;
  playsInline: boolean;
  paused: boolean;
  currentTime: number;
}

/**
 * A premium member's video on its track page: the picture stands where the artwork would, muted,
 * and keeps in step with the footer player, which plays the sound.
 */
describe('a video track on its page, in step with the footer player', () => {
  let fixtures: AudioFixtures;
  let owner: Member;
  let trackId: number;
  const world = useBrowserWorld({
    roles: ['api', 'projector', 'transcoder'],
    ready: async (ready) => {
      fixtures = await createAudioFixtures();
      owner = await ready.make.newMember({ tier: 'premium' });
      const source = await fixtures.video('mp4', { width: 320, height: 180, seconds: 12, rate: 10 });
      trackId = await uploadTrack({ url: ready.server.url }, owner, source, { title: 'Moving Lights', visibility: 'public' });
    },
  });
  afterAll(async () => {
    await fixtures?.remove();
  });

  const pictureOf = (video: Locator) => video.evaluate((element) => {
    const media = element as unknown as MediaElement;
    return { muted: media.muted, playsInline: media.playsInline, paused: media.paused, currentTime: media.currentTime } satisfies PictureState;
  });
  /** Seconds the footer player shows as played. */
  const position = async (page: Page) => {
    const text = (await page.getByRole('region', { name: 'player' }).getByLabel('position').textContent())!;
    return text.split(' / ')[0]!.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  };

  it('shows the muted picture instead of the artwork, and play, pause and seek in either place move both', async () => {
    const { page } = await world.signedIn(owner);
    await page.goto(`${world.server.url}/${owner.me.username}/tracks/${trackId}`);
    const hero = page.getByRole('article', { name: 'Moving Lights' });
    const video = hero.getByLabel('video of Moving Lights');
    await video.waitFor();
    expect(await hero.getByRole('img', { name: 'artwork of Moving Lights' }).count()).toBe(0);
    expect(await pictureOf(video)).toMatchObject({ muted: true, playsInline: true, paused: true, currentTime: 0 });
    expect(await video.getAttribute('poster')).toMatch(/poster\.jpg/);

    // Playing from the page: the footer player sounds, the picture moves with it.
    await hero.getByRole('button', { name: 'PLAY Moving Lights' }).click();
    await hero.getByRole('button', { name: 'PLAYING Moving Lights' }).waitFor();
    await expect.poll(async () => (await pictureOf(video)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.5);
    expect((await pictureOf(video)).paused).toBe(false);

    // Pause in the footer player pauses the picture.
    const footer = page.getByRole('region', { name: 'player' });
    await footer.getByRole('button', { name: 'pause', exact: true }).click();
    await footer.getByRole('button', { name: 'play', exact: true }).waitFor();
    await expect.poll(async () => (await pictureOf(video)).paused).toBe(true);

    // Seeking in the player (→ is 5 s ahead) moves the picture to the same moment.
    const before = await position(page);
    await page.locator('body').press('ArrowRight');
    await expect.poll(() => position(page)).toBe(before + 5);
    await expect.poll(async () => Math.abs((await pictureOf(video)).currentTime - (before + 5)), { timeout: 10_000 }).toBeLessThan(1);

    // The other way round: a seek on the picture moves the sound, and its play and pause drive the player.
    await video.evaluate((element) => {
      (element as unknown as MediaElement).currentTime = 2;
    });
    await expect.poll(() => position(page), { timeout: 10_000 }).toBe(2);
    await video.evaluate((element) => (element as unknown as MediaElement).play());
    await hero.getByRole('button', { name: 'PLAYING Moving Lights' }).waitFor();
    await footer.getByRole('button', { name: 'pause', exact: true }).waitFor();
    await video.evaluate((element) => (element as unknown as MediaElement).pause());
    await footer.getByRole('button', { name: 'play', exact: true }).waitFor();
    await hero.getByRole('button', { name: 'PAUSED Moving Lights' }).waitFor();
    // Unmuting the picture would play the sound twice: it stays muted.
    await video.evaluate((element) => {
      (element as unknown as MediaElement).muted = false;
    });
    await expect.poll(async () => (await pictureOf(video)).muted).toBe(true);
  });
});
