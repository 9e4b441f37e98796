import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, newMember, type Session } from '../auth/helpers';
import { assertWebBuilt, launchChromium, signInThroughModal, watch, WEB_DIR } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

interface Renewal {
  start: number;
  end: number;
  status: number;
}

/** Every POST /v1/sync of the context, with when it was sent and when its answer was complete. */
function recordRenewals(context: BrowserContext): Renewal[] {
  const renewals: Renewal[] = [];
  const open = new Map<object, Renewal>();
  context.on('request', (req) => {
    if (req.method() !== 'POST' || !req.url().endsWith('/v1/sync')) return;
    const renewal = { start: Date.now(), end: Infinity, status: 0 };
    open.set(req, renewal);
    renewals.push(renewal);
  });
  context.on('requestfinished', async (req) => {
    const renewal = open.get(req);
    if (!renewal) return;
    renewal.end = Date.now();
    renewal.status = (await req.response())?.status() ?? 0;
  });
  return renewals;
}

describe('several tabs stay signed in', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Session;

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    browser = await launchChromium();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A context signed in through the login modal, as a member would. */
  async function signedInContext(options: { withoutWebLocks?: boolean } = {}) {
    const member = await newMember(server.url, admin);
    const context = await browser.newContext();
    if (options.withoutWebLocks) {
      await context.addInitScript(() => Object.defineProperty((globalThis as any).Navigator.prototype, 'locks', { get: () => undefined }));
    }
    const page = await context.newPage();
    await signInThroughModal(page, server.url, member);
    await page.close();
    return { context, member };
  }

  async function openTabsAtOnce(context: BrowserContext, count: number): Promise<Page[]> {
    return Promise.all(Array.from({ length: count }, async () => {
      const page = await context.newPage();
      await page.goto(`${server.url}/discover`);
      return page;
    }));
  }

  async function expectSignedIn(pages: Page[], username: string): Promise<void> {
    for (const page of pages) {
      await page.getByRole('link', { name: `@${username}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/discover');
    }
  }

  it('keeps three tabs opened at once signed in; they renew one after another', async () => {
    const { context, member } = await signedInContext();
    const renewals = recordRenewals(context);
    const tabs = await openTabsAtOnce(context, 3);
    const watched = tabs.map(watch);
    await expectSignedIn(tabs, member.me.username);

    // Opened again, all at once, and a fourth tab after: the sign-in lived on.
    await Promise.all(tabs.map((tab) => tab.reload()));
    await expectSignedIn(tabs, member.me.username);
    await expectSignedIn(await openTabsAtOnce(context, 1), member.me.username);

    expect(renewals.length).toBeGreaterThan(0);
    expect(renewals.every((r) => r.status === 200)).toBe(true);
    const ordered = [...renewals].sort((a, b) => a.start - b.start);
    // Web Locks: no renewal is sent before the previous one has its answer.
    for (let i = 1; i < ordered.length; i++) expect(ordered[i]!.start).toBeGreaterThanOrEqual(ordered[i - 1]!.end);
    expect(watched.flatMap((w) => w.problems)).toEqual([]);
    await context.close();
  });

  it('keeps three tabs signed in where the browser has no Web Locks: renewals at the same instant share one successor', async () => {
    const { context, member } = await signedInContext({ withoutWebLocks: true });
    const renewals = recordRenewals(context);
    const tabs = await openTabsAtOnce(context, 3);
    await expectSignedIn(tabs, member.me.username);
    await Promise.all(tabs.map((tab) => tab.reload()));
    await expectSignedIn(tabs, member.me.username);
    expect(renewals.length).toBeGreaterThanOrEqual(2);
    expect(renewals.map((r) => r.status)).toEqual(renewals.map(() => 200));
    await context.close();
  });
});
