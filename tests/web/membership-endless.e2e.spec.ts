import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login } from '../auth/helpers';
import { assertWebBuilt, launchChromium, openWatchedPage, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const SLOW = { timeout: 30_000 };

/** A downgrade that arrives by webhook while a member listens in endless mode turns endless mode off in the browser. */
describe('a downgrade during playback in endless mode', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let page: Page;
  let make: Factories;
  let member: Member;

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      roles: ['api', 'projector', 'transcoder'], webDir: WEB_DIR,
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password, PAYMENTS: 'simulator' },
    });
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
    member = await make.newMember();
    // Premium through the checkout simulator, so the tier comes from a signed webhook.
    const checkout = await request(server.url).post('/v1/checkout').set(bearer(member)).send({ plan: 'premium', billing: 'monthly' }).expect(200);
    const session = new URL(checkout.body.data.checkout_url).searchParams.get('session');
    await request(server.url).post('/v1/payments/simulator/checkout').set(bearer(member)).send({ session, outcome: 'complete' }).expect(200);
    for (const title of ['First Orbit', 'Second Orbit', 'Third Orbit']) await make.newTrack({ owner: member, title });
    browser = await launchChromium();
    ({ context, ...watched } = await openWatchedPage(browser));
    page = watched.page;
    await signInThroughModal(page, server.url, member);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  it('turns endless mode off at the next top-up once the subscription is cancelled', async () => {
    await page.goto(`${server.url}/${member.me.username}`);
    await page.getByRole('button', { name: /^PLAY (First|Second|Third) Orbit$/ }).first().click();
    // Endless mode and the queue are in the player's options panel.
    await page.getByRole('region', { name: 'player' }).getByRole('button', { name: 'more' }).click();
    const controls = page.getByRole('group', { name: 'player options' });
    const endless = controls.getByRole('button', { name: 'endless' });
    await endless.click();
    expect(await endless.getAttribute('aria-pressed')).toBe('true');
    await controls.getByRole('button', { name: 'queue (1)' }).waitFor(SLOW);

    // The member cancels in the billing portal (another tab, as far as this page knows).
    await request(server.url).post('/v1/payments/simulator/cancel_subscription').set(bearer(member)).expect(200);
    expect((await login(server.url, member.email, member.password)).me.tier.slug).toBe('free');

    await page.locator('body').press('j');
    await expect.poll(() => endless.getAttribute('aria-pressed'), SLOW).toBe('false');
    // Nothing more joins the queue.
    await controls.getByRole('button', { name: 'queue (0)' }).waitFor(SLOW);
    // The refused top-up is the only failed call.
    expect(watched.problems).toEqual(['403 POST /v1/tracks/infinite']);
  });
});
