import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describe, expect, it } from 'vitest';
import {
  accessMessageError, accessUrlError, canConfirmReset, emailError, inviteCodeError, newPasswordError, termsError, usernameError,
  verifyPasswordError,
} from './account-forms';
import { AccessRequestDto, CreateAccountDto } from './auth.dto';
import { MSG } from './messages';

/** What the server's validation pipe reports for one field: the first failing rule's message. */
async function serverMessage(dto: new () => object, body: Record<string, unknown>, field: string): Promise<string | null> {
  const errors = await validate(plainToInstance(dto, body), { whitelist: true, forbidUnknownValues: false, stopAtFirstError: true });
  const error = errors.find((e) => e.property === field);
  return error ? Object.values(error.constraints ?? {})[0]! : null;
}

const account = {
  email: 'nova@example.com', username: 'nova_7', password: 'correct-horse', verify_password: 'correct-horse', terms: true,
  invitation_key: '0123456789ab',
};
const access = { email: 'nova@example.com', url: 'nova.example', message: null };

describe('the browser shows the message the server would give, field by field', () => {
  it.each(['', '   ', 'nope', 'a b@example.com', `${'a'.repeat(120)}@example.com`, ' nova@example.com '])('email %j', async (email) => {
    expect(emailError(email)).toBe(await serverMessage(CreateAccountDto, { ...account, email }, 'email'));
  });

  it.each(['', 'short', '12345678', 'x'.repeat(32), 'x'.repeat(33)])('new password %j', async (password) => {
    expect(newPasswordError(password)).toBe(await serverMessage(CreateAccountDto, { ...account, password, verify_password: password }, 'password'));
  });

  it.each(['', ' ', 'nova', 'nova star', 'Admin', 'discover', 'x'.repeat(32), 'x'.repeat(33), 'with.dot'])('username %j', async (username) => {
    expect(usernameError(username)).toBe(await serverMessage(CreateAccountDto, { ...account, username }, 'username'));
  });

  it.each(['', '0123456789AB', '0123456789a', 'zzzzzzzzzzzz', ' 0123456789ab '])('invite code %j', async (code) => {
    expect(inviteCodeError(code)).toBe(await serverMessage(CreateAccountDto, { ...account, invitation_key: code }, 'invitation_key'));
  });

  it.each([true, false])('terms accepted: %s', async (terms) => {
    expect(termsError(terms)).toBe(await serverMessage(CreateAccountDto, { ...account, terms }, 'terms'));
  });

  it.each(['', 'localhost', 'nova.example', 'https://nova.example/me', 'ftp://nova.example', `https://x.io/${'a'.repeat(2050)}`])('access URL %j', async (url) => {
    expect(accessUrlError(url)).toBe(await serverMessage(AccessRequestDto, { ...access, url }, 'url'));
  });

  it.each([0, 1000, 1001])('access message of %i characters', async (length) => {
    const message = 'm'.repeat(length);
    expect(accessMessageError(message)).toBe(await serverMessage(AccessRequestDto, { ...access, message }, 'message'));
  });
});

describe('form-only rules', () => {
  it('asks that the passwords match', () => {
    expect(verifyPasswordError('correct-horse', 'correct-horse')).toBeNull();
    expect(verifyPasswordError('correct-horse', 'correct-hors')).toBe(MSG.passwordsDoNotMatch);
  });

  it('lets the reset be confirmed only with two equal, non-empty passwords and a token', () => {
    expect(canConfirmReset('new-password', 'new-password', 'token')).toBe(true);
    expect(canConfirmReset('', '', 'token')).toBe(false);
    expect(canConfirmReset('new-password', 'new-passwor', 'token')).toBe(false);
    expect(canConfirmReset('new-password', 'new-password', null)).toBe(false);
  });
});
