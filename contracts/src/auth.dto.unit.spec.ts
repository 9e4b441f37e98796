import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describe, expect, it } from 'vitest';
import {
  AccessRequestDto, CreateAccountDto, DeleteInviteDto, EmailOnlyDto, LoginDto, ResetPasswordDto, VerifyAccountDto,
} from './auth.dto';
import { MSG } from './messages';

/** The messages a form would show: the first failing rule per field, as the API's validation pipe reports them. */
async function messages(dto: new () => object, body: Record<string, unknown>): Promise<Record<string, string>> {
  const errors = await validate(plainToInstance(dto, body), { whitelist: true, forbidUnknownValues: false, stopAtFirstError: true });
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})[0]!]));
}

const validAccount = {
  email: 'nova@example.com', username: 'nova_7', password: 'correct-horse', verify_password: 'correct-horse',
  terms: true, invitation_key: '0123456789ab',
};

describe('email rules (login, forgot, resend, create, access request)', () => {
  it.each([
    [undefined, MSG.emailRequired],
    ['', MSG.emailRequired],
    ['   ', MSG.emailRequired],
    ['not-an-email', MSG.invalidEmail],
    ['a b@example.com', MSG.invalidEmail],
    [`${'a'.repeat(120)}@example.com`, MSG.emailLength],
  ])('email %j says %s', async (email, expected) => {
    expect((await messages(EmailOnlyDto, { email })).email).toBe(expected);
  });

  it('accepts a simple address and trims it', async () => {
    expect(await messages(EmailOnlyDto, { email: '  nova@example.com ' })).toEqual({});
    expect(plainToInstance(EmailOnlyDto, { email: '  nova@example.com ' }).email).toBe('nova@example.com');
  });
});

describe('login', () => {
  it('needs a password but does not apply the length rules of a new one', async () => {
    expect((await messages(LoginDto, { email: 'a@b.co', password: '' })).password).toBe(MSG.invalidCredentials);
    expect(await messages(LoginDto, { email: 'a@b.co', password: 'short' })).toEqual({});
  });
});

describe('create account', () => {
  it('accepts a complete form', async () => {
    expect(await messages(CreateAccountDto, validAccount)).toEqual({});
  });

  it.each([
    ['username', '', MSG.usernameLength],
    ['username', 'x'.repeat(33), MSG.usernameLength],
    ['username', 'has space', MSG.usernameCharacters],
    ['username', 'Discover', MSG.usernameReserved],
    ['password', 'short', MSG.passwordMin],
    ['password', 'p'.repeat(33), MSG.passwordMax],
    ['terms', false, MSG.termsRequired],
    ['invitation_key', '', MSG.inviteRequired],
    ['invitation_key', undefined, MSG.inviteRequired],
    ['invitation_key', '0123456789AB', MSG.inviteFormat],
    ['invitation_key', 'abc', MSG.inviteFormat],
  ])('%s = %j says %s', async (field, value, expected) => {
    const body = { ...validAccount, [field]: value, ...(field === 'password' ? { verify_password: value } : {}) };
    expect((await messages(CreateAccountDto, body))[field]).toBe(expected);
  });

  it('requires the two passwords to match', async () => {
    expect(await messages(CreateAccountDto, { ...validAccount, verify_password: 'correct-horsE' })).toEqual({
      verify_password: MSG.passwordsDoNotMatch,
    });
  });
});

describe('reset password and verify account', () => {
  it('asks for the token before anything about its shape', async () => {
    expect((await messages(ResetPasswordDto, { password: 'abcdefgh', verify_password: 'abcdefgh' })).recovery_token).toBe(MSG.recoveryTokenRequired);
    expect((await messages(ResetPasswordDto, { recovery_token: 'x'.repeat(300), password: 'abcdefgh', verify_password: 'abcdefgh' })).recovery_token).toBe(MSG.tokenInvalid);
    expect((await messages(VerifyAccountDto, {})).verification_token).toBe(MSG.verificationTokenRequired);
    expect((await messages(VerifyAccountDto, { verification_token: '' })).verification_token).toBe(MSG.verificationTokenRequired);
  });

  it('applies the new-password rules', async () => {
    expect(await messages(ResetPasswordDto, { recovery_token: 't', password: 'abc', verify_password: 'abd' })).toEqual({
      password: MSG.passwordMin, verify_password: MSG.passwordsDoNotMatch,
    });
  });
});

describe('access request', () => {
  const base = { email: 'nova@example.com', url: 'soundcloud.com/nova', message: 'hi' };
  it.each([
    [undefined, MSG.urlRequired],
    [null, MSG.urlRequired],
    ['', MSG.urlRequired],
    ['not a url', MSG.urlInvalid],
    ['localhost', MSG.urlInvalid],
  ])('url %j says %s', async (url, expected) => {
    expect((await messages(AccessRequestDto, { ...base, url })).url).toBe(expected);
  });

  it('accepts a URL without scheme and an absent message, and caps the message at 1000', async () => {
    expect(await messages(AccessRequestDto, { ...base, message: null })).toEqual({});
    expect(await messages(AccessRequestDto, { ...base, message: 'm'.repeat(1000) })).toEqual({});
    expect((await messages(AccessRequestDto, { ...base, message: 'm'.repeat(1001) })).message).toBe(MSG.accessMessageTooLong);
  });
});

describe('delete invite', () => {
  it('needs an invite id', async () => {
    expect((await messages(DeleteInviteDto, {})).invite_id).toBe(MSG.inviteNotFound);
  });
});
