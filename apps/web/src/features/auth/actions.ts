import { MSG, canConfirmReset, type ApiMessage } from '@stardeck/contracts/browser';
import type { ApiFailure, ApiResult } from '../../lib/api-client';
import { endSession } from '../../lib/session/lifecycle';
import { toastSuccess } from '../../lib/toasts/from-result';
import { showToast } from '../../lib/toasts/store';
import { createAccount } from './api/create-account';
import { forgotPassword } from './api/forgot-password';
import { login } from './api/login';
import { requestAccess } from './api/request-access';
import { resendVerification } from './api/resend-verification';
import { resetPassword } from './api/reset-password';
import { validateInvite } from './api/validate-invite';
import { verifyAccount } from './api/verify-account';
import { LINK_CHECK_DELAY_MS, accountCreatedCallback, auth, checkForm, currentGeneration, showServerErrors } from './store';

/**
 * The login modal's calls (spec §4 and §8). Each checks its form first, marks the store loading,
 * and applies the answer only if the modal has not moved on meanwhile. They return whether the
 * call succeeded; navigating afterwards is the component's business.
 */

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs one call; null when the modal started over before the answer came. */
async function send<T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T> | null> {
  const started = currentGeneration();
  auth.loading = true;
  const result = await call();
  if (started !== currentGeneration()) return null;
  auth.loading = false;
  if (!result.ok && result.failure.kind === 'http') showServerErrors(result.failure.envelope.errors);
  return result;
}

function failureText(failure: ApiFailure, fallback: string = MSG.internal): string {
  if (failure.kind === 'network') return failure.status === null ? 'Unable to connect to the server' : fallback;
  return failure.envelope.msg?.description || failure.envelope.msg?.title || fallback;
}

function succeed(result: Extract<ApiResult<unknown>, { ok: true }>, fallback?: string): true {
  auth.outcome = { tone: 'ok', text: result.envelope.msg?.description || fallback || 'Done' };
  toastSuccess(result);
  return true;
}

/**
 * A refusal shows once, in the form the person is looking at: a toast saying the same again (an
 * inline error plus a toast for one wrong password) was noise.
 */
function fail(failure: ApiFailure, fallback: ApiMessage = {}): false {
  auth.outcome = { tone: 'err', text: failureText(failure, fallback.description) };
  return false;
}

export async function submitLogin(): Promise<boolean> {
  if (!checkForm() || !auth.values.password) return false;
  const { email, password, remember_me } = auth.values;
  const result = await send(() => login({ email: email.trim(), password, remember_me }));
  if (!result) return false;
  if (result.ok) {
    toastSuccess(result);
    return true;
  }
  const { failure } = result;
  const said = failure.kind === 'http' ? `${failure.envelope.msg?.title ?? ''} ${failure.envelope.msg?.description ?? ''}` : '';
  auth.loginHelp = failure.kind === 'http' && failure.status === 403 && said.includes(MSG.pendingVerification) ? 'resend_verification' : 'forgot_password';
  return fail(failure, { title: 'Login' });
}

export async function submitForgotPassword(): Promise<boolean> {
  if (!checkForm()) return false;
  const result = await send(() => forgotPassword(auth.values.email.trim()));
  if (!result) return false;
  return result.ok ? succeed(result, MSG.resetLinkSent) : fail(result.failure, { title: 'Forgot Password' });
}

export async function submitResendVerification(): Promise<boolean> {
  if (!checkForm()) return false;
  const result = await send(() => resendVerification(auth.values.email.trim()));
  if (!result) return false;
  return result.ok ? succeed(result, MSG.verificationLinkSent) : fail(result.failure, { title: 'Resend Verification' });
}

export async function submitResetPassword(): Promise<boolean> {
  const { password, verify_password } = auth.values;
  if (!checkForm() || !canConfirmReset(password, verify_password, auth.resetToken)) return false;
  const token = auth.resetToken!;
  const result = await send(() => resetPassword({ recovery_token: token, password, verify_password }));
  if (!result) return false;
  return result.ok ? succeed(result, MSG.passwordChanged) : fail(result.failure, { title: 'Reset Password' });
}

/** verify_account: pending for 2.5 s, then the call; done links to login, failed to resend. */
export async function runVerification(): Promise<void> {
  const token = auth.verificationToken;
  if (!token) return;
  const started = currentGeneration();
  auth.verification = 'pending';
  await wait(LINK_CHECK_DELAY_MS);
  if (started !== currentGeneration()) return;
  const result = await send(() => verifyAccount(token));
  if (!result) return;
  auth.verification = result.ok ? 'done' : 'failed';
  if (result.ok) succeed(result, MSG.verified);
  else fail(result.failure, { title: 'Verify Account', description: MSG.internal });
}

/** create_account from an invite link: pending for 2.5 s, then the form (valid) or a message. */
export async function runInviteCheck(): Promise<void> {
  const key = auth.inviteToken;
  if (!key) return;
  const started = currentGeneration();
  auth.inviteCheck = 'pending';
  await wait(LINK_CHECK_DELAY_MS);
  if (started !== currentGeneration()) return;
  const result = await send(() => validateInvite(key));
  if (!result) return;
  if (result.ok && result.envelope.data?.valid) {
    auth.inviteCheck = 'done';
    auth.inviter = result.envelope.data.inviter ?? null;
    return;
  }
  auth.inviteCheck = 'failed';
  // An answer that names the key unusable, versus no usable answer at all.
  const answered = result.ok || (result.failure.kind === 'http' && result.failure.status < 500);
  auth.outcome = { tone: 'err', text: answered ? MSG.inviteInvalid : 'Unable to validate invite' };
}

export async function submitCreateAccount(): Promise<boolean> {
  if (!checkForm()) return false;
  const { email, username, password, verify_password, terms, invitation_key } = auth.values;
  const result = await send(() =>
    createAccount({ email: email.trim(), username: username.trim(), password, verify_password, terms, invitation_key: invitation_key.trim() }));
  if (!result) return false;
  if (!result.ok) return fail(result.failure, { title: 'Create Account' });
  succeed(result, MSG.accountCreated);
  accountCreatedCallback()?.();
  return true;
}

export async function submitRequestAccess(): Promise<boolean> {
  if (!checkForm()) return false;
  const { email, url, message } = auth.values;
  const result = await send(() => requestAccess({ email, url, message }));
  if (!result) return false;
  return result.ok ? succeed(result, MSG.accessRequested) : fail(result.failure, { title: 'Request Access' });
}

/** Spec §4 logout: the registered steps of every feature, then the server, then a toast. */
export async function logout(): Promise<void> {
  await endSession({ callServer: true });
  showToast({ kind: 'success', title: 'Logout', description: MSG.loggedOut });
}
