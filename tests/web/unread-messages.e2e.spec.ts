import type { Page } from 'playwright-core';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, newMember, type Session } from '../auth/helpers';
import { axeViolations, screenshot } from '../support/browser';
import { useBrowserWorld } from '../support/browser-world';

const SLOW = { timeout: 30_000 };
const PHONE = { width: 390, height: 844 };
type Member = Session & { email: string; password: string };

/** The header's unread badge on `messages` and the arrival toast, live over the tab's socket. */
describe('unread direct messages in the browser', () => {
  const world = useBrowserWorld();

  const signedIn = world.signedIn;
  const send = async (from: Session, to: Session, content: string) => {
    const res = await request(world.server.url).post('/v1/messages').set(bearer(from)).send({ recipient_username: to.me.username, content });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.conversation_id as string;
  };
  const messagesLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^\d?:?messages/ });
  const toast = (page: Page, from: string) => page.getByRole('region', { name: 'Notifications' }).getByText(`message from ${from}`);

  it('a message arriving on another page raises the badge on messages and shows a toast; reading it takes the badge down', async () => {
    const [alice, bob]: Member[] = await Promise.all([newMember(world.server.url, world.admin), newMember(world.server.url, world.admin)]);
    const { page, problems } = await signedIn(bob);
    expect(await messagesLink(page).textContent()).not.toContain('unread');

    const conversationId = await send(alice, bob, 'are you <b>there</b>?');
    await messagesLink(page).getByText('(1 unread)').waitFor(SLOW);
    await toast(page, alice.me.username).waitFor(SLOW);
    await page.getByRole('region', { name: 'Notifications' }).getByText('are you <b>there</b>?').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'unread-message-toast');
    await send(alice, bob, 'hello?');
    await messagesLink(page).getByText('(2 unread)').waitFor(SLOW);

    // Opening the conversation reads it: the badge goes.
    await messagesLink(page).click();
    await page.getByRole('list', { name: 'conversations' }).getByRole('link').first().click();
    await page.waitForURL(`${world.server.url}/messages/${conversationId}`);
    await expect.poll(() => messagesLink(page).textContent(), SLOW).not.toContain('unread');
    expect(problems).toEqual([]);
  });

  it('in the open conversation a new message shows at once, with no toast and no badge', async () => {
    const [alice, bob]: Member[] = await Promise.all([newMember(world.server.url, world.admin), newMember(world.server.url, world.admin)]);
    const conversationId = await send(alice, bob, 'first');
    const { page, problems } = await signedIn(bob);
    await page.goto(`${world.server.url}/messages/${conversationId}`);
    const thread = page.getByRole('list', { name: 'messages' });
    await thread.getByText('first', { exact: true }).waitFor(SLOW);
    await expect.poll(() => messagesLink(page).textContent(), SLOW).not.toContain('unread');
    await send(alice, bob, 'second, live');
    // Well before the 20 s poll.
    await thread.getByRole('listitem').first().getByText('second, live', { exact: true }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(await toast(page, alice.me.username).count()).toBe(0);
    await expect.poll(() => messagesLink(page).textContent(), SLOW).not.toContain('unread');
    expect(problems).toEqual([]);
  });

  it('the badge shows on a phone too, and passes axe there', async () => {
    const [alice, bob]: Member[] = await Promise.all([newMember(world.server.url, world.admin), newMember(world.server.url, world.admin)]);
    await send(alice, bob, 'before sign-in');
    const { page } = await signedIn(bob, PHONE);
    // Counted by the server when the tab opens, not only by pushes.
    await page.getByText('(1 unread)').first().waitFor({ state: 'attached', ...SLOW });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'unread-badge-phone');
  });
});
