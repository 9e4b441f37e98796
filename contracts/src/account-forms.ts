/**
 * The account forms' field rules as plain functions, for the browser to check a field as it is
 * typed. Each returns the spec §5 message of the first rule a value breaks, or null when it is
 * fine, in the same order as the server's request DTOs (auth.dto.ts), so both sides show the same
 * text for the same input (account-forms.unit.spec.ts holds them together).
 */
import { EMAIL_PATTERN, INVITE_KEY_PATTERN, USERNAME_PATTERN, normaliseUrl } from './account-rules';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { isReservedUsername } from './reserved-names';

/** Longest URL an access request may give (the server refuses longer ones as invalid). */
export const ACCESS_URL_MAX = 2048;

export function emailError(value: string): string | null {
  const email = value.trim();
  if (!email) return MSG.emailRequired;
  if (email.length > LIMITS.emailMax) return MSG.emailLength;
  if (!EMAIL_PATTERN.test(email)) return MSG.invalidEmail;
  return null;
}

/** A new password (create account, reset); signing in takes any non-empty one. */
export function newPasswordError(value: string): string | null {
  if (value.length < LIMITS.passwordMin) return MSG.passwordMin;
  if (value.length > LIMITS.passwordMax) return MSG.passwordMax;
  return null;
}

export function verifyPasswordError(password: string, verify: string): string | null {
  return password === verify ? null : MSG.passwordsDoNotMatch;
}

export function usernameError(value: string): string | null {
  const username = value.trim();
  if (username.length < 1 || username.length > LIMITS.usernameMax) return MSG.usernameLength;
  if (!USERNAME_PATTERN.test(username)) return MSG.usernameCharacters;
  if (isReservedUsername(username)) return MSG.usernameReserved;
  return null;
}

export function inviteCodeError(value: string): string | null {
  const code = value.trim();
  if (!code) return MSG.inviteRequired;
  if (!INVITE_KEY_PATTERN.test(code)) return MSG.inviteFormat;
  return null;
}

export function termsError(accepted: boolean): string | null {
  return accepted ? null : MSG.termsRequired;
}

export function accessUrlError(value: string): string | null {
  const url = value.trim();
  if (!url) return MSG.urlRequired;
  if (url.length > ACCESS_URL_MAX || normaliseUrl(url) === null) return MSG.urlInvalid;
  return null;
}

export function accessMessageError(value: string): string | null {
  return value.length > LIMITS.accessRequestMessageMax ? MSG.accessMessageTooLong : null;
}

/** Spec §5: the reset form's confirm button works only with both passwords filled, equal, and a token. */
export function canConfirmReset(password: string, verify: string, token: string | null | undefined): boolean {
  return password.length > 0 && password === verify && Boolean(token);
}
