import { MEMBERSHIP_MSG } from '@stardeck/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, signInThroughModal, WEB_DIR } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** A server that takes no payments (PAYMENTS=none, what services without Stripe keys get) shows its paid plans as unavailable. */
describe('membership in the browser without a payment provider', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let make: Factories;
  let member: Member;

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password, PAYMENTS: 'none' } });
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
    member = await make.newMember();
    browser = await launchChromium();
    ({ context, page } = await openWatchedPage(browser));
    await signInThroughModal(page, server.url, member);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  it('marks core and premium unavailable and offers no checkout', async () => {
    await page.goto(`${server.url}/membership`);
    await page.getByText('current plan:').waitFor();
    for (const plan of ['core', 'premium']) {
      await page.getByRole('listitem', { name: `${plan} plan` }).getByText(`[${MEMBERSHIP_MSG.unavailableLabel}]`).waitFor();
    }
    await page.getByText(`${MEMBERSHIP_MSG.unavailable}.`).waitFor();
    expect(await page.getByRole('button', { name: /upgrade to/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
