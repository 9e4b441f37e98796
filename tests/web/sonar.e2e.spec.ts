import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ADMIN, bearer, login, newMember, type Session } from '../auth/helpers';
import { joinChat } from '../sonar/helpers';
import { assertWebBuilt, launchChromium, signInThroughModal, watch, type WatchedPage, WEB_DIR } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/** Strings that would run script or inject markup if the page ever treated chat content as HTML. */
const XSS_CORPUS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '"><svg onload="window.__xss=1">',
  '<a href="javascript:window.__xss=1">click</a>',
];

describe('the /sonar page: two members chatting in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Session;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    server = await startTestServer({ webDir: WEB_DIR, env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    browser = await launchChromium();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  /** A member signed in through the login modal, on /sonar. */
  async function memberOnSonar(): Promise<{ tab: WatchedPage; username: string }> {
    const member = await newMember(server.url, admin);
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const tab = watch(page);
    await signInThroughModal(page, server.url, member);
    await page.getByRole('banner').getByRole('link', { name: /sonar/ }).click();
    await page.waitForURL(`${server.url}/sonar`);
    await page.getByRole('status', { name: 'connection status' }).getByText('[connected]').waitFor();
    return { tab, username: member.me.username as string };
  }

  const messages = (page: Page) => page.getByRole('region', { name: 'messages' });
  /** The line whose message (or notice) reads exactly `text`. */
  const line = (page: Page, text: string) => messages(page).getByRole('listitem').filter({ has: page.getByText(text, { exact: true }) });

  it('both join, see each other, typing shows, messages arrive, and reply, edit and delete go through the dialogs', async () => {
    const alice = await memberOnSonar();
    const bob = await memberOnSonar();
    const a = alice.tab.page;
    const b = bob.tab.page;
    await a.getByRole('list', { name: 'users in room' }).getByText(bob.username).waitFor();
    await b.getByRole('list', { name: 'users in room' }).getByText(alice.username).waitFor();
    await line(a, `*** ${bob.username} has entered the building`).waitFor();

    await a.getByLabel('message', { exact: true }).fill('hello from al');
    await b.getByText(`${alice.username} is typing...`).waitFor();
    await a.getByLabel('message', { exact: true }).press('Enter');
    await line(b, 'hello from al').waitFor();
    await b.getByText(`${alice.username} is typing...`).waitFor({ state: 'detached' });

    await line(b, 'hello from al').getByRole('button', { name: `reply to ${alice.username}` }).click();
    await b.getByText(`replying to ${alice.username}`).waitFor();
    await b.getByLabel('message', { exact: true }).fill('hi al');
    await b.getByRole('button', { name: 'send' }).click();
    await line(a, 'hi al').getByText(`↳ ${alice.username}: hello from al`).waitFor();
    // Only one's own messages offer edit.
    expect(await line(b, 'hello from al').getByRole('button', { name: 'edit message' }).count()).toBe(0);

    await line(a, 'hello from al').getByRole('button', { name: 'edit message' }).click();
    const edit = a.getByRole('dialog', { name: 'edit message' });
    const box = edit.getByLabel('edit message text');
    expect(await box.inputValue()).toBe('hello from al');
    expect(await box.evaluate((el) => {
      const area = el as unknown as { selectionStart: number; selectionEnd: number; value: string; ownerDocument: { activeElement: unknown } };
      return area.ownerDocument.activeElement === el && area.selectionStart === 0 && area.selectionEnd === area.value.length;
    })).toBe(true);
    await box.fill('   ');
    expect(await edit.getByRole('button', { name: 'save_changes' }).isDisabled()).toBe(true);
    await box.fill('hello from alice');
    await edit.getByRole('button', { name: 'save_changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await line(b, 'hello from alice').getByText('(edited)').waitFor();

    await line(a, 'hello from alice').getByRole('button', { name: 'delete message' }).click();
    const remove = a.getByRole('dialog', { name: 'delete message' });
    await remove.getByText("replaces its content with 'message deleted by user'").waitFor();
    await remove.getByText('cannot be undone').waitFor();
    await remove.getByText('hello from alice').waitFor();
    await remove.getByRole('button', { name: 'delete_message' }).click();
    await remove.waitFor({ state: 'detached' });
    await line(b, 'message deleted by user').waitFor();
    expect(await line(b, 'hello from alice').count()).toBe(0);

    for (const problems of [alice.tab.problems, bob.tab.problems]) expect(problems).toEqual([]);
  }, 120_000);

  it('an XSS corpus sent as chat content shows as text and runs nothing', async () => {
    const alice = await memberOnSonar();
    const bob = await memberOnSonar();
    for (const attack of XSS_CORPUS) {
      await alice.tab.page.getByLabel('message', { exact: true }).fill(attack);
      await alice.tab.page.getByLabel('message', { exact: true }).press('Enter');
      await line(bob.tab.page, attack).waitFor();
    }
    const b = bob.tab.page;
    expect(await messages(b).locator('img, script, svg, a[href^="javascript"]').count()).toBe(0);
    expect(await b.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await alice.tab.page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
  }, 120_000);

  it('while the page is hidden, unread messages count up in the title and the shell', async () => {
    const alice = await memberOnSonar();
    const bob = await memberOnSonar();
    const b = bob.tab.page;
    const setVisibility = (state: 'hidden' | 'visible') => b.evaluate((value) => {
      const doc = (globalThis as any).document;
      Object.defineProperty(doc, 'visibilityState', { value, configurable: true });
      doc.dispatchEvent(new Event('visibilitychange'));
    }, state);
    await setVisibility('hidden');
    for (const text of ['one', 'two']) {
      await alice.tab.page.getByLabel('message', { exact: true }).fill(text);
      await alice.tab.page.getByLabel('message', { exact: true }).press('Enter');
      await line(b, text).waitFor();
    }
    await b.waitForFunction(() => (globalThis as any).document.title.startsWith('(2) '));
    const shell = b.getByRole('banner').getByRole('link', { name: /sonar/ });
    await expect.poll(() => shell.textContent()).toContain('(2 unread)');
    await setVisibility('visible');
    await b.waitForFunction(() => !(globalThis as any).document.title.startsWith('('));
    await expect.poll(() => shell.textContent()).not.toContain('unread');
  }, 120_000);

  it('loads older history when scrolled to the top (or from its button), keeps the view on the same message, and shows the room info', async () => {
    // 80 messages in a room of their own: more than the 64 a page holds. Each member stays within the rate limit.
    const room = 'archive';
    const senders = await Promise.all(Array.from({ length: 8 }, () => newMember(server.url, admin)));
    for (const [n, sender] of senders.entries()) {
      const token = (await request(server.url).post('/v1/sonar/token').set(bearer(sender)).send({}).expect(200)).body.data.token as string;
      const chat = await joinChat(server.url, token, { roomId: room });
      for (let i = 0; i < 10; i++) expect((await chat.send('message', { content: `archived ${n * 10 + i}` })).ok).toBe(true);
      chat.socket.disconnect();
    }
    const { tab } = await memberOnSonar();
    const page = tab.page;
    await page.goto(`${server.url}/sonar?room=${room}`);
    await page.getByRole('status', { name: 'connection status' }).getByText(`#${room}`).waitFor();
    await line(page, 'archived 79').waitFor();
    // The room's info: every message it holds (the entries and exits of the senders too).
    await page.getByRole('status', { name: 'connection status' }).getByText(/· \d+ messages · \d+ here/).waitFor();
    expect(await line(page, 'archived 0').count()).toBe(0);

    // Scrolling to the top brings the page before; the message that was on top stays in view.
    const box = messages(page);
    const topBefore = await box.getByRole('listitem').first().textContent();
    await box.evaluate((el) => el.scrollTo({ top: 0 }));
    await line(page, 'archived 0').waitFor();
    const anchor = box.getByRole('listitem').filter({ hasText: topBefore! }).first();
    expect(await anchor.evaluate((el) => {
      const item = el.getBoundingClientRect();
      const view = el.closest('section')!.getBoundingClientRect();
      return item.bottom > view.top && item.top < view.bottom;
    })).toBe(true);
    // Everything is loaded: no button, no more requests.
    await box.getByRole('button', { name: 'load older messages' }).waitFor({ state: 'detached' });
    expect(tab.problems).toEqual([]);
  });
});
