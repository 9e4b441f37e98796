import { MSG } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession, session } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { runInviteCheck, runVerification, submitCreateAccount, submitLogin } from './actions';
import {
  FIELD_DEBOUNCE_MS, LINK_CHECK_DELAY_MS, MODAL_RESET_MS, auth, checkForm, editField, openedWith, reset, scheduleReset, switchMode,
} from './store';

describe('login modal (spec §2, §4, §5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reset();
    resetToasts();
    resetSession();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each([
    [{ resetToken: 'r' }, 'reset_password'],
    [{ verificationToken: 'v' }, 'verify_account'],
    [{ inviteToken: '0123456789ab' }, 'create_account'],
    [{ requestAccess: true }, 'request_access'],
    [{}, 'login'],
  ] as const)('opens with %j in %s mode', (props, mode) => {
    expect(openedWith(props)).toBe(mode);
    expect(auth.mode).toBe(mode);
  });

  it('fills the invite code from the invite link', () => {
    openedWith({ inviteToken: '0123456789ab' });
    expect(auth.values.invitation_key).toBe('0123456789ab');
  });

  it('checks a field 300 ms after the last keystroke', () => {
    editField('email', 'nova@');
    vi.advanceTimersByTime(FIELD_DEBOUNCE_MS - 1);
    editField('email', 'nova@x');
    vi.advanceTimersByTime(FIELD_DEBOUNCE_MS - 1);
    expect(auth.errors.email).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(auth.errors.email).toBe(MSG.invalidEmail);
    editField('email', 'nova@example.com');
    vi.advanceTimersByTime(FIELD_DEBOUNCE_MS);
    expect(auth.errors.email).toBeUndefined();
  });

  it('re-checks the repeated password when the password changes', () => {
    switchMode('reset_password');
    editField('password', 'correct-horse');
    editField('verify_password', 'correct-horse');
    vi.advanceTimersByTime(FIELD_DEBOUNCE_MS);
    expect(auth.errors).toEqual({});
    editField('password', 'correct-horses');
    vi.advanceTimersByTime(FIELD_DEBOUNCE_MS);
    expect(auth.errors.verify_password).toBe(MSG.passwordsDoNotMatch);
  });

  it('shows every message of the create-account form at once on submit', () => {
    switchMode('create_account');
    editField('password', 'short');
    expect(checkForm()).toBe(false);
    expect(auth.errors).toEqual({
      email: MSG.emailRequired,
      username: MSG.usernameLength,
      password: MSG.passwordMin,
      verify_password: MSG.passwordsDoNotMatch,
      terms: MSG.termsRequired,
      invitation_key: MSG.inviteRequired,
    });
  });

  it('goes back to login mode 350 ms after closing, unless opened again first', () => {
    openedWith({ requestAccess: true });
    editField('email', 'nova@example.com');
    scheduleReset();
    vi.advanceTimersByTime(MODAL_RESET_MS - 1);
    expect(auth.mode).toBe('request_access');
    vi.advanceTimersByTime(1);
    expect(auth.mode).toBe('login');
    expect(auth.values.email).toBe('');

    openedWith({ requestAccess: true });
    scheduleReset();
    vi.advanceTimersByTime(MODAL_RESET_MS - 1);
    openedWith({ requestAccess: true });
    vi.advanceTimersByTime(MODAL_RESET_MS);
    expect(auth.mode).toBe('request_access');
  });

  it('offers the resend link after a login refused as pending verification', async () => {
    fakeApi({ 'POST /v1/login': failure(403, { title: 'Login', description: MSG.pendingVerification }) });
    editField('email', 'nova@example.com');
    editField('password', 'member-password');
    expect(await submitLogin()).toBe(false);
    expect(auth.loginHelp).toBe('resend_verification');
  });

  it('offers the forgot-password link after any other failed login, and says why once, in the form (no toast)', async () => {
    const api = fakeApi({ 'POST /v1/login': failure(401, { title: 'Login', description: MSG.invalidCredentials }) });
    editField('email', 'nova@example.com');
    editField('password', 'wrong-password');
    expect(await submitLogin()).toBe(false);
    expect(auth.loginHelp).toBe('forgot_password');
    expect(auth.outcome).toEqual({ tone: 'err', text: MSG.invalidCredentials });
    expect(toasts.list).toEqual([]);
    expect(api.callsTo('POST /v1/sync')).toHaveLength(0);
  });

  it('signs in with the token and member of a successful login', async () => {
    fakeApi({ 'POST /v1/login': ok(undefined, { msg: { title: 'Login', description: 'Welcome back, nova' }, me: aMember() }, { 'x-new-access-token': 'jwt' }) });
    editField('email', ' nova@example.com ');
    editField('password', 'member-password');
    editField('remember_me', true);
    expect(await submitLogin()).toBe(true);
    expect(session).toMatchObject({ token: 'jwt', me: { username: 'nova' } });
    expect(toasts.list).toMatchObject([{ kind: 'success', description: 'Welcome back, nova' }]);
  });

  it('shows the server’s per-field messages under their fields', async () => {
    fakeApi({ 'POST /v1/create_account': failure(400, { title: 'Create Account', description: MSG.usernameTaken }, { errors: { username: MSG.usernameTaken } }) });
    switchMode('create_account');
    for (const [field, value] of [['email', 'nova@example.com'], ['username', 'nova'], ['password', 'member-password'], ['verify_password', 'member-password'], ['invitation_key', '0123456789ab']] as const) {
      editField(field, value);
    }
    editField('terms', true);
    expect(await submitCreateAccount()).toBe(false);
    expect(auth.errors).toEqual({ username: MSG.usernameTaken });
  });

  it('waits 2.5 s before verifying, then links to login', async () => {
    const api = fakeApi({ 'POST /v1/verify_account': ok(undefined, { msg: { title: 'Verify Account', description: MSG.verified } }) });
    openedWith({ verificationToken: 'v3rify' });
    const done = runVerification();
    expect(auth.verification).toBe('pending');
    await vi.advanceTimersByTimeAsync(LINK_CHECK_DELAY_MS - 1);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(api.calls[0]!.body).toEqual({ verification_token: 'v3rify' });
    expect(auth.verification).toBe('done');
    expect(auth.outcome).toEqual({ tone: 'ok', text: MSG.verified });
  });

  it('says why verification failed, with the server description', async () => {
    fakeApi({ 'POST /v1/verify_account': failure(400, { title: 'Verify Account', description: MSG.tokenInvalid }) });
    openedWith({ verificationToken: 'used' });
    const done = runVerification();
    await vi.advanceTimersByTimeAsync(LINK_CHECK_DELAY_MS);
    await done;
    expect(auth.verification).toBe('failed');
    expect(auth.outcome).toEqual({ tone: 'err', text: MSG.tokenInvalid });
  });

  it('checks an invite after 2.5 s and names who sent it', async () => {
    const api = fakeApi({ 'GET /v1/validate_invite/0123456789ab': ok({ valid: true, inviter: { id: 'u-9', username: 'vega', display_name: 'Vega', slug: 'vega', avatar: null } }) });
    openedWith({ inviteToken: '0123456789ab' });
    const done = runInviteCheck();
    await vi.advanceTimersByTimeAsync(LINK_CHECK_DELAY_MS - 1);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(auth.inviteCheck).toBe('done');
    expect(auth.inviter?.display_name).toBe('Vega');
  });

  it.each([
    [ok({ valid: false }), MSG.inviteInvalid],
    [{ status: 503, body: 'down', headers: { 'content-type': 'text/plain' } }, 'Unable to validate invite'],
  ])('tells an unusable invite (%#) from an unreachable check', async (answer, text) => {
    fakeApi({ 'GET /v1/validate_invite/0123456789ab': answer });
    openedWith({ inviteToken: '0123456789ab' });
    const done = runInviteCheck();
    await vi.advanceTimersByTimeAsync(LINK_CHECK_DELAY_MS);
    await done;
    expect(auth.inviteCheck).toBe('failed');
    expect(auth.outcome).toEqual({ tone: 'err', text });
  });

  it('ignores a check whose modal was closed and reset meanwhile', async () => {
    const api = fakeApi({ 'POST /v1/verify_account': ok() });
    openedWith({ verificationToken: 'v' });
    const done = runVerification();
    reset();
    await vi.advanceTimersByTimeAsync(LINK_CHECK_DELAY_MS);
    await done;
    expect(api.calls).toHaveLength(0);
    expect(auth.verification).toBe('idle');
  });
});
