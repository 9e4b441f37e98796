import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, mailTo, newMember, type Session } from '../auth/helpers';
import { axeViolations, screenshot } from '../support/browser';
import { useBrowserWorld } from '../support/browser-world';

const SLOW = { timeout: 30_000 };
const PHONE = { width: 390, height: 844 };
type Member = Session & { email: string; password: string };

/** The settings a member finds on their profile: who sees what, and their password and email. */
describe('settings and account in the browser', () => {
  const world = useBrowserWorld();

  const signedIn = world.signedIn;
  /** The text a screen reader reads with a field: its aria-describedby lines. */
  const description = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((field) => {
      const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return ids.map((id: string) => (field.ownerDocument.getElementById(id)?.textContent ?? '')).join(' ');
    });
  const openSettings = async (page: Page, member: Member) => {
    await page.goto(`${world.server.url}/${member.me.username}`);
    await page.getByRole('button', { name: 'settings' }).click();
    return page.getByRole('dialog', { name: 'settings' });
  };

  it('the settings say who sees the message of the day and the listening history', async () => {
    const member: Member = await newMember(world.server.url, world.admin);
    const { page, problems } = await signedIn(member);
    const settings = await openSettings(page, member);
    expect(await description(page, 'message of the day')).toContain('only you see it, at the top of your own profile');
    const history = await description(page, 'share my listening history');
    expect(history).toContain('signed-in members can open your history');
    expect(history).toContain('only you see it');
    expect(history).toContain('Visitors never do');
    expect(await description(page, 'show my stats on my profile')).toContain('only you do');
    expect(await axeViolations(page)).toEqual([]);
    await settings.waitFor();
    await screenshot(page, 'settings-privacy');
    expect(problems).toEqual([]);
  }, 180_000);

  it('changes the password with the current one and signs the other browser out; changes the email through the mailed link', async () => {
    const member: Member = await newMember(world.server.url, world.admin);
    const { page, problems } = await signedIn(member);
    const elsewhere = await signedIn(member);
    const settings = await openSettings(page, member);
    await settings.getByRole('button', { name: 'change password or email' }).click();
    const account = page.getByRole('dialog', { name: 'account' });
    await account.getByText(`now: ${member.email}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'account-modal');

    const password = account.getByRole('form', { name: 'password' });
    await password.getByLabel('current password').fill('not-my-password');
    await password.getByLabel('new password', { exact: true }).fill('short');
    await password.getByLabel('repeat new password').fill('short');
    await password.getByRole('button', { name: 'change password' }).click();
    await password.getByText('Minimum 8 characters').waitFor();
    await password.getByLabel('new password', { exact: true }).fill('a-fresh-password');
    await password.getByLabel('repeat new password').fill('a-fresh-password');
    await password.getByRole('button', { name: 'change password' }).click();
    await password.getByText('Current password is incorrect').waitFor(SLOW);
    await password.getByLabel('current password').fill(member.password);
    await password.getByRole('button', { name: 'change password' }).click();
    await password.getByText('Password changed. Your other sessions are signed out.').waitFor(SLOW);
    // The other browser is signed out at its next step; this one is not.
    await elsewhere.page.reload();
    await elsewhere.page.getByRole('banner').getByRole('button', { name: 'login' }).waitFor(SLOW);

    const newEmail = `moved-${member.me.username}@example.com`;
    const email = account.getByRole('form', { name: 'email' });
    await email.getByLabel('new email').fill('not-an-address');
    await email.getByLabel('current password').fill('a-fresh-password');
    await email.getByRole('button', { name: 'send confirmation link' }).click();
    await email.getByText('Invalid email address').waitFor();
    await email.getByLabel('new email').fill(newEmail);
    await email.getByRole('button', { name: 'send confirmation link' }).click();
    await email.getByText(`(sent to ${newEmail})`, { exact: false }).waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);

    const mail = await mailTo(world.server.url, world.admin, newEmail, /confirm your new stardeck email/i);
    const link = new URL(mail.link);
    await page.goto(`${world.server.url}${link.pathname}${link.search}`);
    await page.getByText(`your email is now ${newEmail}.`).waitFor(SLOW);
    expect(await axeViolations(page)).toEqual([]);
    const again = await openSettings(page, member);
    await again.getByRole('button', { name: 'change password or email' }).click();
    await page.getByRole('dialog', { name: 'account' }).getByText(`now: ${newEmail}`).waitFor(SLOW);
    await login(world.server.url, newEmail, 'a-fresh-password');
    expect(problems.filter((p) => !p.startsWith('400 PUT /v1/manage/account/password'))).toEqual([]);
  }, 240_000);

  it('the account dialog passes axe on a phone', async () => {
    const member: Member = await newMember(world.server.url, world.admin);
    const { page } = await signedIn(member, PHONE);
    const settings = await openSettings(page, member);
    await settings.getByRole('button', { name: 'change password or email' }).click();
    await page.getByRole('dialog', { name: 'account' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'account-modal-phone');
  }, 180_000);
});
