import request from 'supertest';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, newMember } from '../auth/helpers';
import { createAudioFixtures, type AudioFixtures } from '../support/audio-fixtures';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, watch, WEB_DIR } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { waitFor } from '../support/services';
import { uploadTrack, type TracksWorld } from '../tracks/helpers';

/** The public tag cloud: the model of a route that preloads its data. */
describe('tag cloud in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let fixtures: AudioFixtures;
  let world: TracksWorld;

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    world = { server, url: server.url, admin, dataDir: server.dataDir, stop: () => server.stop() };
    browser = await launchChromium();
    fixtures = await createAudioFixtures();
  });
  afterAll(async () => {
    await browser?.close();
    await fixtures?.remove();
    await server?.stop();
  });

  it('says there are not enough tags before two tracks share one', async () => {
    const { page, problems, cspViolations } = watch(await browser.newPage());
    await page.goto(`${server.url}/explore/tags`);
    await page.getByText('not enough tags yet').waitFor();
    expect(problems).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    await page.close();
  });

  it('preloads the tags, places them in rings, shuffles and resets them, and leads a tag to its tracks', async () => {
    const [first, second] = [await newMember(server.url, world.admin), await newMember(server.url, world.admin)];
    const mp3 = await fixtures.make('mp3');
    await uploadTrack(world, first, mp3, { visibility: 'public', tags: ['Ambient', 'Drone'] });
    await uploadTrack(world, second, mp3, { visibility: 'public', tags: ['ambient', 'drone', 'Lonely'] });
    await waitFor(async () => {
      const res = await request(server.url).get('/v1/tags').query({ limit: 42, sort: 'usage_count' });
      return res.body.data.tags.filter((t: { usage_count: number }) => t.usage_count >= 2).length === 2;
    });

    const { context, page, problems, cspViolations } = await openWatchedPage(browser);
    await page.goto(`${server.url}/explore/tags`);
    const cloud = page.getByRole('list', { name: 'Tags, most used first' });
    await cloud.waitFor();
    // Used once, 'Lonely' stays out of the cloud.
    expect(await cloud.getByRole('link').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Ambient/), expect.stringMatching(/^Drone/)]));
    expect(await cloud.getByRole('link').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'tag-cloud');

    const reset = page.getByRole('button', { name: 'reset' });
    expect(await reset.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'shuffle' }).click();
    await page.getByText('tags --cloud --shuffle').waitFor();
    await reset.click();
    await page.getByText('tags --cloud --shuffle').waitFor({ state: 'detached' });

    const ambient = await request(server.url).get('/v1/tags').query({ q: 'ambient', limit: 20 });
    const id = ambient.body.data.tags[0].id;
    await cloud.getByRole('link', { name: /^Ambient/ }).click();
    // A visitor is asked to log in first, and comes back to the tag's tracks afterwards.
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === `/explore/tracks?tag_ids=${id}`);
    expect(problems).toEqual([]);
    expect(await cspViolations()).toEqual([]);
    await context.close();
  });

  it('sends the visitor to / with the reason when the preload fails', async () => {
    const { page, problems } = watch(await browser.newPage());
    await page.route('**/v1/tags?**', (route) => route.fulfill({
      status: 503, contentType: 'application/json',
      body: JSON.stringify({ status: 'error', status_code: 503, msg: { title: 'Service Unavailable', description: 'Database unreachable' } }),
    }));
    await page.goto(`${server.url}/explore/tags`);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('alert').filter({ hasText: 'Database unreachable' }).waitFor();
    expect(problems).toEqual(['503 GET /v1/tags']);
    await page.close();
  });
});
