import { CONTACT_MSG } from '@stardeck/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const SLOW = { timeout: 30_000 };

/**
 * Contact, legal documents and membership in Chromium against the real API, with the checkout
 * simulator standing in for Stripe (PAYMENTS=simulator on either configuration).
 */
describe('contact, legal documents and membership in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let page: Page;
  let make: Factories;
  let admin: Session;
  let member: Member;
  const dialog = (name: string) => page.getByRole('dialog', { name });

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password, PAYMENTS: 'simulator' } });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
    member = await make.newMember();
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

  it('shows a visitor the legal documents, version 1.0, in three tabs', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${server.url}/`);
    await visitorPage.getByRole('banner').getByRole('button', { name: 'legal' }).click();
    const legal = visitorPage.getByRole('dialog', { name: 'legal documents' });
    await legal.getByText('You must be 18 or older to use stardeck.').waitFor();
    await legal.getByText('version 1.0, effective August 1, 2025').waitFor();
    await legal.getByRole('tab', { name: 'privacy' }).click();
    expect(await legal.getByRole('tab', { name: 'privacy' }).getAttribute('aria-selected')).toBe('true');
    await legal.getByRole('heading', { name: 'privacy policy' }).waitFor();
    await legal.getByRole('tab', { name: 'privacy' }).press('ArrowRight');
    await legal.getByRole('heading', { name: 'community guidelines' }).waitFor();
    expect(await axeViolations(visitorPage)).toEqual([]);
    await screenshot(visitorPage, 'legal-documents');
    await visitor.close();
  });

  it('sends a contact form, with the spec texts for an empty message and a missing authorisation', async () => {
    await page.goto(`${server.url}/discover`);
    await page.getByRole('banner').getByRole('button', { name: 'contact' }).click();
    const contact = dialog('contact');
    await contact.getByRole('tab', { name: 'issue' }).click();
    expect(await contact.getByLabel('email', { exact: true }).inputValue()).toBe(member.email);
    await contact.getByRole('button', { name: 'send issue' }).click();
    await contact.getByText(CONTACT_MSG.empty).waitFor();

    await contact.getByLabel('what went wrong').fill('x'.repeat(4000));
    await contact.getByText('4000/4096 (nearly at the limit)').waitFor();
    await contact.getByLabel('what went wrong').fill('x'.repeat(4097));
    await contact.getByText(CONTACT_MSG.tooLong).first().waitFor();

    await contact.getByLabel('what went wrong').fill('The player stops after <i>two</i> tracks in endless mode.');
    await contact.getByRole('button', { name: 'send issue' }).click();
    await contact.getByText(CONTACT_MSG.authorisationRequired).waitFor();
    await contact.getByLabel(/I authorise the stardeck team/).check();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'contact-support');
    await contact.getByRole('button', { name: 'send issue' }).click();
    await contact.getByText('[OK] message sent.').waitFor(SLOW);

    const list = await request(server.url).get('/v1/admin/contact_messages').set(bearer(admin)).expect(200);
    expect(list.body.data.contact_messages[0]).toMatchObject({
      contact_type: 'issue', username: member.me.username, email: member.email, message: 'The player stops after <i>two</i> tracks in endless mode.',
    });
    await contact.getByRole('button', { name: 'close', exact: true }).last().click();
    await contact.waitFor({ state: 'detached' });
  });

  it('upgrades to core through the checkout simulator, which unlocks high quality in the settings', async () => {
    await page.goto(`${server.url}/membership`);
    await page.getByText('current plan:').waitFor();
    // The settings' locked qualities lead to the plans too (the manageMembership modal).
    await page.goto(`${server.url}/${member.me.username}`);
    await page.getByRole('button', { name: 'settings' }).click();
    await dialog('settings').getByRole('button', { name: 'see membership plans' }).click();
    const plans = dialog('membership');
    await plans.getByRole('listitem', { name: 'premium plan' }).getByText('256 GB storage').waitFor();
    await plans.getByRole('button', { name: 'upgrade to premium' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'manage-membership-modal');
    await page.keyboard.press('Escape');
    await plans.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/membership`);
    await page.getByText('current plan:').waitFor();
    await page.getByRole('listitem', { name: 'core plan' }).getByText('$10/month').waitFor();
    await page.getByRole('listitem', { name: 'premium plan' }).getByText('$20/month').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'membership-free');

    await page.getByRole('button', { name: 'upgrade to core' }).click();
    await page.waitForURL(/\/checkout-simulator\?session=/, SLOW);
    await page.getByText('plan: core, billed monthly').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'complete payment' }).click();
    await page.waitForURL(/\/subscription_success\?plan=core/, SLOW);
    await page.getByText('subscription active: you are on the core plan.').waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'subscription-success');

    await page.goto(`${server.url}/${member.me.username}`);
    await page.getByRole('button', { name: 'settings' }).click();
    const settings = dialog('settings');
    expect(await settings.getByRole('radio', { name: /high/ }).isDisabled()).toBe(false);
    expect(await settings.getByRole('radio', { name: /lossless/ }).isDisabled()).toBe(true);
    await settings.getByText('[upgrade to premium]').waitFor();
    expect(await settings.getByText('[upgrade to core]').count()).toBe(0);
    await settings.getByRole('radio', { name: /high/ }).check();
    await settings.getByRole('button', { name: /save/ }).click();
    await expect.poll(async () => (await login(server.url, member.email, member.password)).me.config.streaming_quality, SLOW).toBe('high');
  });

  it('opens the billing portal link, where cancelling takes the member back to free', async () => {
    await page.goto(`${server.url}/membership`);
    await page.getByRole('button', { name: 'manage billing' }).click();
    await page.waitForURL(`${server.url}/billing-simulator`, SLOW);
    await page.getByRole('heading', { level: 1, name: 'billing portal simulator' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'cancel subscription' }).click();
    await page.waitForURL(`${server.url}/membership`, SLOW);
    await page.getByRole('button', { name: 'upgrade to core' }).waitFor(SLOW);
    expect((await login(server.url, member.email, member.password)).me).toMatchObject({ tier: { slug: 'free' }, config: { streaming_quality: 'standard' } });
    expect(watched.problems).toEqual([]);
  });

  it("lets an admin set a member's tier by hand and read contact messages, and keeps members out", async () => {
    const other = await make.newMember();
    await request(server.url).post('/v1/contact').set(bearer(other))
      .send({ contact_type: 'support', email: other.email, username: other.me.username, message: 'Where do I find <script>my</script> invites?' }).expect(200);
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await adminContext.newPage();
    await signInThroughModal(adminPage, server.url, ADMIN);
    await adminPage.getByRole('banner').getByRole('link', { name: 'admin', exact: true }).click();
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'members' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'members admin' }).waitFor(SLOW);
    await adminPage.getByRole('listitem', { name: `support from ${other.me.username}` }).getByText('Where do I find <script>my</script> invites?').waitFor();
    await adminPage.getByLabel('search members').fill(other.me.username);
    await adminPage.getByRole('button', { name: 'search', exact: true }).click();
    await adminPage.getByLabel(`tier for ${other.me.username}`).selectOption('premium');
    await adminPage.getByRole('button', { name: `set tier of ${other.me.username}` }).click();
    await adminPage.getByText('Tier set to premium').waitFor(SLOW);
    expect(await axeViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'admin-members');
    await adminContext.close();
    expect((await login(server.url, other.email, other.password)).me.tier.slug).toBe('premium');

    // To a member the admin page is one that does not exist.
    await page.goto(`${server.url}/admin/members`);
    await page.getByRole('heading', { level: 1, name: '404: page not found' }).waitFor(SLOW);
    expect(await page.getByRole('banner').getByRole('link', { name: 'admin', exact: true }).count()).toBe(0);
  });
});
