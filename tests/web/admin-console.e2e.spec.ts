import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, type Session } from '../auth/helpers';
import { assertWebBuilt, axeViolations, launchChromium, openWatchedPage, screenshot, signInThroughModal, WEB_DIR, type WatchedPage } from '../support/browser';
import { factories, type Factories, type Member } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** Waits as long as a locator does: the machine may be busy with other suites. */
const SLOW = { timeout: 60_000 };
const ADMIN_PAGES = ['/admin', '/admin/events', '/admin/projections', '/admin/waitlist', '/admin/members', '/admin/mail', '/admin/news'];

describe('the admin console in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Session;
  let make: Factories;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({
      webDir: WEB_DIR, roles: ['api', 'projector', 'transcoder'],
      env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password },
    });
    browser = await launchChromium();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
    make = factories({ url: server.url, admin });
  }, 300_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await make?.dispose();
    await server?.stop();
  });

  async function signedIn(person: { email: string; password: string }): Promise<WatchedPage> {
    const tab = await openWatchedPage(browser);
    contexts.push(tab.context);
    await signInThroughModal(tab.page, server.url, person);
    return tab;
  }
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

  it('shows an admin every console page from the header, in the terminal look, with no accessibility violation', async () => {
    const member = await make.newMember();
    // A retry in CI runs on the same server: its own waiting address, and at least one unread.
    const waitingEmail = `waiting-${Date.now()}@example.com`;
    await request(server.url).post('/v1/contact').set(bearer(member)).send({ contact_type: 'issue', email: member.email, username: member.me.username, message: 'the <b>console</b> is great' }).expect(200);
    await request(server.url).post('/v1/access_request').send({ email: waitingEmail, url: 'https://example.com/portfolio', message: 'I make <i>ambient</i> tapes' }).expect(201);
    const { page, problems } = await signedIn(ADMIN);

    await page.getByRole('banner').getByRole('link', { name: 'admin', exact: true }).click();
    await heading(page, 'admin').waitFor(SLOW);
    await expect.poll(() => page.title()).toBe('admin | stardeck');
    const figures = page.locator('.admin-figures');
    await figures.getByText(/^[1-9]\d* unread$/).waitFor(SLOW);
    await figures.getByText(/^\d+ pending$/).waitFor();
    await page.getByRole('row', { name: 'stats' }).waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    const shot = await screenshot(page, 'admin-overview');
    mkdirSync(join(__dirname, '../../docs'), { recursive: true });
    copyFileSync(shot, join(__dirname, '../../docs/admin-console.png'));

    const menu = page.getByRole('navigation', { name: 'Admin' });
    for (const [label, title] of [['events', 'events'], ['projections', 'projections'], ['waitlist', 'waitlist'], ['members', 'members admin'], ['mail', 'mail'], ['news', 'news admin']] as const) {
      await menu.getByRole('link', { name: label, exact: true }).click(SLOW);
      await heading(page, title).waitFor(SLOW);
      expect(await axeViolations(page), label).toEqual([]);
    }

    // The waitlist: the message and URL as text, an invite mailed through the outbox.
    await menu.getByRole('link', { name: 'waitlist' }).click();
    const waiting = page.getByRole('listitem', { name: `request from ${waitingEmail}` });
    await waiting.getByText('I make <i>ambient</i> tapes').waitFor(SLOW);
    await waiting.getByText('https://example.com/portfolio').waitFor();
    await waiting.getByRole('button', { name: `invite ${waitingEmail}` }).click();
    await waiting.getByText('[invited]').waitFor(SLOW);
    await menu.getByRole('link', { name: 'mail' }).click();
    await page.getByRole('listitem', { name: new RegExp(`^mail to ${waitingEmail.replace(/[.]/g, '\\.')}`) }).waitFor(SLOW);

    // Members: find one, move them to core; the change is an event with the admin as actor.
    await menu.getByRole('link', { name: 'members' }).click();
    await page.getByRole('listitem', { name: `issue from ${member.me.username}` }).getByText('the <b>console</b> is great').waitFor(SLOW);
    await page.getByRole('button', { name: `mark read: message from ${member.me.username}` }).click();
    await page.getByRole('listitem', { name: `issue from ${member.me.username}` }).getByText('[unread]').waitFor({ state: 'detached', ...SLOW });
    await page.getByLabel('search members').fill(member.me.username);
    await page.getByRole('button', { name: 'search', exact: true }).click();
    await page.getByLabel(`tier for ${member.me.username}`).selectOption('core');
    await page.getByRole('button', { name: `set tier of ${member.me.username}` }).click();
    await page.getByText('Tier set to core').waitFor(SLOW);
    await page.getByRole('link', { name: 'account events' }).click();
    const changed = page.getByRole('row').filter({ hasText: 'MemberTierChanged' });
    await changed.getByText(`@${ADMIN.email.split('@')[0]}`).or(changed.getByText(`@${admin.me.username}`)).first().waitFor(SLOW);
    expect((await login(server.url, member.email, member.password)).me.tier.slug).toBe('core');
    expect(problems).toEqual([]);
  }, 420_000);

  it("follows a member's track edit from the event list to its detail, its correlation chain and the state before the edit", async () => {
    const member: Member = await make.newMember();
    const trackId = await make.newTrack({ owner: member, title: 'first take' });
    await request(server.url).put('/v1/manage/tracks').set(bearer(member)).send({ track_id: trackId, title: 'second take' }).expect(200);
    const { page, problems } = await signedIn(ADMIN);

    await page.goto(`${server.url}/admin/events`);
    await heading(page, 'events').waitFor(SLOW);
    await page.getByLabel('types').fill('TrackUpdated');
    await page.getByLabel('actor').fill(member.me.username);
    await page.getByRole('button', { name: 'filter' }).click();
    await page.waitForURL(/\/admin\/events\?type=TrackUpdated&actor=/, SLOW);
    const row = page.getByRole('row').filter({ hasText: `track-${trackId}@3` });
    await row.getByText('title="second take"').waitFor(SLOW);
    expect(await row.getByText(`@${member.me.username}`).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link', { name: /^event \d+: TrackUpdated$/ }).click();
    await page.getByRole('heading', { level: 1, name: /^event #\d+$/ }).waitFor(SLOW);
    const data = page.getByRole('group', { name: 'event data' });
    await data.getByText('"second take"').waitFor();
    const chain = page.getByRole('table', { name: 'correlation chain' });
    const self = chain.getByRole('row').filter({ hasText: 'TrackUpdated' });
    expect(await self.getAttribute('aria-current')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-event');

    // The chain's rows are links through the log; the stream link opens its history at this version.
    await page.getByRole('link', { name: 'stream history' }).click();
    await heading(page, `stream track-${trackId}`).waitFor(SLOW);
    await page.getByRole('group', { name: 'state as of version 3' }).getByText('"second take"').waitFor();
    await page.getByLabel('as of version', { exact: true }).selectOption('2');
    await page.getByLabel('diff against version').selectOption('3');
    await page.getByRole('button', { name: 'replay' }).click();
    await page.waitForURL(/as_of=2&compare=3$/, SLOW);
    await page.getByRole('group', { name: 'state as of version 2' }).getByText('"first take"').waitFor(SLOW);
    await page.getByRole('list', { name: 'changes' }).getByText('~ title: "second take" → "first take"').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-stream');
    expect(problems).toEqual([]);
  }, 420_000);

  it('rebuilds a projection from /admin/projections after a confirmation, its bar reaching 100% and its lag 0', async () => {
    const { page, problems } = await signedIn(ADMIN);
    await page.goto(`${server.url}/admin/projections`);
    await heading(page, 'projections').waitFor(SLOW);
    await page.getByRole('button', { name: 'rebuild stats' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'rebuild stats?' });
    await confirm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'confirm rebuild' }).click(SLOW);
    const progress = page.getByRole('region', { name: 'rebuild of stats' });
    await progress.getByRole('status').filter({ hasText: /^done: 100%/ }).waitFor(SLOW);
    expect(await progress.getByRole('progressbar').getAttribute('value')).toBe('100');
    await expect.poll(() => page.getByRole('row', { name: 'stats' }).getByTestId('lag').textContent(), SLOW).toBe('0');
    await screenshot(page, 'admin-projections');
    expect(problems).toEqual([]);
  }, 420_000);

  it('answers a member on every admin page exactly like a missing page, and sends a visitor to /', async () => {
    const member = await make.newMember();
    const { page, problems } = await signedIn(member);
    expect(await page.getByRole('banner').getByRole('link', { name: 'admin', exact: true }).count()).toBe(0);
    for (const path of [...ADMIN_PAGES, '/admin/events/1', '/admin/streams/user-1', '/admin/nothing-here']) {
      await page.goto(`${server.url}${path}`);
      await heading(page, '404: page not found').waitFor(SLOW).catch(async (error) => {
        await screenshot(page, 'admin-refused');
        throw error;
      });
      await expect.poll(() => page.title()).toBe('not found | stardeck');
      expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    }
    // Not one admin endpoint was asked: the pages never call the API for a member.
    expect(problems).toEqual([]);

    const visitor = await openWatchedPage(browser);
    contexts.push(visitor.context);
    for (const path of ['/admin', '/admin/events?type=TrackUpdated']) {
      await visitor.page.goto(`${server.url}${path}`);
      await visitor.page.waitForURL(`${server.url}/?${new URLSearchParams({ redirect: path })}`, SLOW);
    }
    expect(visitor.problems).toEqual([]);
  }, 420_000);
});
