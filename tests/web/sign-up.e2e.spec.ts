import request from 'supertest';
import { MSG } from '@stardeck/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { ADMIN, bearer, login, mailTo, waitlistInvite, type Session } from '../auth/helpers';
import { WEB_DIR, assertWebBuilt, axeViolations, launchChromium, screenshot, watch, watchContext } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

/** The mailed links, opened in Chromium: the way a new member really arrives. */
describe('joining in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
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
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await watchContext(context);
  });
  afterEach(async () => {
    await context?.close();
  });

  it('joins the waitlist, signs up from the mailed invite link, verifies from the mailed link, logs in and out', async () => {
    const { page, problems, cspViolations } = watch(await context.newPage());
    const email = 'lyra@example.com';

    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'join the waitlist' }).click();
    const waitlist = page.getByRole('dialog', { name: 'waitlist' });
    await waitlist.getByLabel('email').fill(email);
    await waitlist.getByLabel('your work (url)').fill('lyra.example/music');
    expect(await axeViolations(page)).toEqual([]);
    await waitlist.getByRole('button', { name: 'join the waitlist' }).click();
    await waitlist.getByText(MSG.accessRequested).waitFor();

    // The admin answers the request; the invite mail carries /invite?q={key}.
    const requests = await request(server.url).get('/v1/admin/access_requests').set(bearer(admin)).expect(200);
    const asked = requests.body.data.access_requests.find((r: { email: string }) => r.email === email);
    expect(asked.url).toBe('https://lyra.example/music');
    await request(server.url).post(`/v1/admin/access_requests/${asked.id}/invite`).set(bearer(admin)).expect(201);
    const invite = await mailTo(server.url, admin, email, /invite/i);
    expect(new URL(invite.link).pathname).toBe('/invite');

    await page.goto(invite.link);
    await expect.poll(() => page.title()).toBe('invite | stardeck');
    const signup = page.getByRole('dialog', { name: 'create account' });
    await signup.getByText('checking your invite').waitFor();
    await signup.getByText(`invited by ${admin.me.username}`).waitFor();
    expect(await signup.getByLabel('invite code').inputValue()).toBe(new URL(invite.link).searchParams.get('q'));
    await signup.getByLabel('email').fill(email);
    await signup.getByLabel('username').fill('lyra');
    await signup.getByLabel('password', { exact: true }).fill('lyra-password');
    await signup.getByLabel('repeat password').fill('lyra-password');
    await signup.getByLabel(/I accept the terms/).check();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'create-account');
    await signup.getByRole('button', { name: 'create account' }).click();
    await signup.getByText(MSG.accountCreated).waitFor();

    const verification = await mailTo(server.url, admin, email, /verify/i);
    expect(new URL(verification.link).pathname).toBe('/verify-account');
    await page.goto(verification.link);
    const verify = page.getByRole('dialog', { name: 'verify account' });
    await verify.getByText('verifying your account').waitFor();
    await verify.getByText(MSG.verified).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await verify.getByRole('button', { name: 'log in now' }).click();

    const loginDialog = page.getByRole('dialog', { name: 'login' });
    await loginDialog.getByLabel('email').fill(email);
    await loginDialog.getByLabel('password').fill('lyra-password');
    await loginDialog.getByRole('button', { name: 'login', exact: true }).click();
    await page.waitForURL(`${server.url}/discover`);
    await page.getByRole('link', { name: '@lyra' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Welcome, lyra' }).waitFor();
    await expect.poll(() => page.title()).toBe('discover | stardeck');

    await page.getByRole('link', { name: 'logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('status').filter({ hasText: MSG.loggedOut }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'login' }).waitFor();
    // The refresh cookie went with the sign-in.
    expect((await context.cookies()).filter((c) => c.name === 'stardeck_refresh' && c.value)).toEqual([]);

    expect(problems).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  it('offers the forgot-password link after a wrong password and the resend link while verification is pending', async () => {
    const { page, problems } = watch(await context.newPage());
    const email = 'orion@example.com';
    const invite = await waitlistInvite(server.url, admin, email);
    await request(server.url).post('/v1/create_account')
      .send({ email, username: 'orion', password: 'orion-password', verify_password: 'orion-password', terms: true, invitation_key: invite.key })
      .expect(201);

    await page.goto(`${server.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
    const dialog = page.getByRole('dialog', { name: 'login' });
    // Field messages come 300 ms after typing stops.
    await dialog.getByLabel('email').fill('orion@');
    await dialog.getByText(MSG.invalidEmail).waitFor();
    await dialog.getByLabel('email').fill(email);
    await dialog.getByText(MSG.invalidEmail).waitFor({ state: 'detached' });

    await dialog.getByLabel('password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'login', exact: true }).click();
    // Said once, in the dialog: no toast repeats it.
    await dialog.getByRole('status').filter({ hasText: MSG.invalidCredentials }).waitFor();
    expect(await page.getByRole('region', { name: 'Notifications' }).getByText(MSG.invalidCredentials).count()).toBe(0);
    await screenshot(page, 'login-failed');
    await dialog.getByRole('button', { name: 'forgot your password?' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'resend the verification email' }).count()).toBe(0);

    await dialog.getByLabel('password').fill('orion-password');
    await dialog.getByRole('button', { name: 'login', exact: true }).click();
    await dialog.getByRole('button', { name: 'resend the verification email' }).click();
    const resend = page.getByRole('dialog', { name: 'resend verification' });
    expect(await resend.getByLabel('email').inputValue()).toBe(email);
    await resend.getByRole('button', { name: 'resend verification link' }).click();
    await resend.getByRole('status').filter({ hasText: MSG.verificationLinkSent }).waitFor();
    expect(problems).toEqual(['401 POST /v1/login', '403 POST /v1/login']);
  });

  it('resets a password from the mailed link and goes home to log in with it', async () => {
    const { page, problems } = watch(await context.newPage());
    const email = 'vega@example.com';
    const invite = await waitlistInvite(server.url, admin, email);
    await request(server.url).post('/v1/create_account')
      .send({ email, username: 'vega', password: 'vega-password', verify_password: 'vega-password', terms: true, invitation_key: invite.key })
      .expect(201);
    const verification = await mailTo(server.url, admin, email, /verify/i);
    await request(server.url).post('/v1/verify_account').send({ verification_token: new URL(verification.link).searchParams.get('token') }).expect(200);

    await page.goto(`${server.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'login' }).click();
    const dialog = page.getByRole('dialog', { name: 'login' });
    await dialog.getByLabel('email').fill(email);
    await dialog.getByLabel('password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'login', exact: true }).click();
    await dialog.getByRole('button', { name: 'forgot your password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'forgot password' });
    await forgot.getByRole('button', { name: 'send reset link' }).click();
    await forgot.getByRole('status').filter({ hasText: MSG.resetLinkSent }).waitFor();

    const mail = await mailTo(server.url, admin, email, /reset/i);
    expect(new URL(mail.link).pathname).toBe('/reset-password');
    await page.goto(mail.link);
    const reset = page.getByRole('dialog', { name: 'reset password' });
    const confirm = reset.getByRole('button', { name: 'set new password' });
    await reset.getByLabel('new password', { exact: true }).fill('vega-password-2');
    expect(await confirm.isDisabled()).toBe(true);
    await reset.getByLabel('repeat new password').fill('vega-password-2');
    expect(await axeViolations(page)).toEqual([]);
    await confirm.click();

    await page.waitForURL(`${server.url}/`);
    const again = page.getByRole('dialog', { name: 'login' });
    await again.getByLabel('email').fill(email);
    await again.getByLabel('password').fill('vega-password-2');
    await again.getByRole('button', { name: 'login', exact: true }).click();
    await page.waitForURL(`${server.url}/discover`);
    expect(problems).toEqual(['401 POST /v1/login']);
  });

  it('moves between all seven modes of the login modal, waits 2.5 s before checking a mailed link, and starts clean after closing', async () => {
    const { page, problems } = watch(await context.newPage());
    const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
    await page.goto(`${server.url}/`);
    const opener = page.getByRole('banner').getByRole('button', { name: 'login' });
    await opener.click();
    await dialog('login').getByLabel('email').fill('nova@example.com');

    // login → create account → login → waitlist → login, the typed email coming along.
    await dialog('login').getByRole('button', { name: 'have an invite code?' }).click();
    expect(await dialog('create account').getByLabel('email').inputValue()).toBe('nova@example.com');
    await dialog('create account').getByRole('button', { name: 'already a member? log in' }).click();
    await dialog('login').getByRole('button', { name: 'join the waitlist' }).click();
    expect(await dialog('waitlist').getByLabel('email').inputValue()).toBe('nova@example.com');
    await dialog('waitlist').getByRole('button', { name: 'back to login' }).click();

    // Closed, it goes back to a clean login: reopened, nothing typed before is left.
    await page.keyboard.press('Escape');
    await dialog('login').waitFor({ state: 'detached' });
    await opener.click();
    expect(await dialog('login').getByLabel('email').inputValue()).toBe('');
    await page.keyboard.press('Escape');

    // reset password → forgot password → login.
    await page.goto(`${server.url}/reset-password?token=not-a-token`);
    await dialog('reset password').getByRole('button', { name: 'send a new reset link' }).click();
    await dialog('forgot password').getByRole('button', { name: 'send reset link' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog('forgot password').getByRole('button', { name: 'back to login' }).click();
    await dialog('login').waitFor();

    // A mailed link is checked 2.5 s after the modal opens, saying so meanwhile.
    let opened = Date.now();
    await page.goto(`${server.url}/verify-account?token=not-a-token`);
    await dialog('verify account').getByText('verifying your account').waitFor();
    await dialog('verify account').getByRole('button', { name: 'resend the verification email' }).click();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(2500);
    await dialog('resend verification').getByRole('button', { name: 'resend verification link' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog('resend verification').getByRole('button', { name: 'back to login' }).click();
    await dialog('login').waitFor();

    opened = Date.now();
    await page.goto(`${server.url}/invite?q=000000000000`);
    await dialog('create account').getByText('checking your invite').waitFor();
    await dialog('create account').getByText(MSG.inviteInvalid).waitFor();
    await dialog('create account').getByRole('button', { name: 'join the waitlist' }).click();
    expect(Date.now() - opened).toBeGreaterThanOrEqual(2500);
    await dialog('waitlist').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual(['400 POST /v1/verify_account']);
  });
});
