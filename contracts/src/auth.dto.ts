import { Transform } from 'class-transformer';
import {
  Equals, IsBoolean, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength, MinLength,
  registerDecorator, type ValidationArguments, type ValidationOptions,
} from 'class-validator';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { EMAIL_PATTERN, INVITE_KEY_PATTERN, USERNAME_PATTERN, normaliseUrl } from './account-rules';
import { isReservedUsername } from './reserved-names';
import { Rules } from './rules';


const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Decorator: the property must equal another property of the same object. */
function MatchesProperty(other: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'matchesProperty',
      target: target.constructor,
      propertyName,
      constraints: [other],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === (args.object as Record<string, unknown>)[args.constraints[0] as string],
      },
    });
}

function NotReserved(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'notReserved',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && !isReservedUsername(value),
      },
    });
}

/** Validators shared by every form that takes an email; the order decides which message shows first. */
function EmailField() {
  return Rules(
    trim(),
    IsString({ message: MSG.emailRequired }),
    IsNotEmpty({ message: MSG.emailRequired }),
    Length(1, LIMITS.emailMax, { message: MSG.emailLength }),
    Matches(EMAIL_PATTERN, { message: MSG.invalidEmail }),
  );
}

function PasswordField() {
  return Rules(
    IsString({ message: MSG.passwordMin }),
    MinLength(LIMITS.passwordMin, { message: MSG.passwordMin }),
    MaxLength(LIMITS.passwordMax, { message: MSG.passwordMax }),
  );
}

/** A token from a mailed link: required first, then a sane length. */
function TokenField(requiredMessage: string) {
  return Rules(
    IsString({ message: requiredMessage }),
    IsNotEmpty({ message: requiredMessage }),
    MaxLength(256, { message: MSG.tokenInvalid }),
  );
}

export class LoginDto {
  @EmailField() email!: string;
  // Any non-empty password may be tried; length rules apply when one is chosen, not at login.
  @Rules(
    IsString({ message: MSG.invalidCredentials }),
    IsNotEmpty({ message: MSG.invalidCredentials }),
    MaxLength(256, { message: MSG.invalidCredentials }),
  )
  password!: string;
  @IsOptional() @IsBoolean({ message: 'remember_me must be true or false' }) remember_me?: boolean;
}

export class EmailOnlyDto {
  @EmailField() email!: string;
}

export class ResetPasswordDto {
  @TokenField(MSG.recoveryTokenRequired) recovery_token!: string;
  @PasswordField() password!: string;
  @MatchesProperty('password', { message: MSG.passwordsDoNotMatch }) verify_password!: string;
}

/** The password a signed-in member types to prove it is them: any non-empty one may be tried. */
function CurrentPasswordField() {
  return Rules(
    IsString({ message: MSG.currentPasswordRequired }),
    IsNotEmpty({ message: MSG.currentPasswordRequired }),
    MaxLength(256, { message: MSG.currentPasswordWrong }),
  );
}

/** PUT /v1/manage/account/password: the current password, then the new one twice. */
export class ChangePasswordDto {
  @CurrentPasswordField() current_password!: string;
  @PasswordField() password!: string;
  @MatchesProperty('password', { message: MSG.passwordsDoNotMatch }) verify_password!: string;
}

/** POST /v1/manage/account/email: the new address, confirmed by a mail to it, and the current password. */
export class ChangeEmailDto {
  @EmailField() email!: string;
  @CurrentPasswordField() current_password!: string;
}

/** POST /v1/confirm_email: the token of the mailed link. */
export class ConfirmEmailDto {
  @TokenField(MSG.emailTokenRequired) token!: string;
}

export class VerifyAccountDto {
  @TokenField(MSG.verificationTokenRequired) verification_token!: string;
}

export class CreateAccountDto {
  @EmailField() email!: string;
  @Rules(
    trim(),
    IsString({ message: MSG.usernameLength }),
    Length(1, LIMITS.usernameMax, { message: MSG.usernameLength }),
    Matches(USERNAME_PATTERN, { message: MSG.usernameCharacters }),
    NotReserved({ message: MSG.usernameReserved }),
  )
  username!: string;
  /** Derived from the username when absent; the server always stores the lowercase username. */
  @IsOptional() @IsString() @MaxLength(LIMITS.usernameMax) slug?: string;
  @PasswordField() password!: string;
  @MatchesProperty('password', { message: MSG.passwordsDoNotMatch }) verify_password!: string;
  @Equals(true, { message: MSG.termsRequired }) terms!: boolean;
  @Rules(
    trim(),
    IsString({ message: MSG.inviteRequired }),
    IsNotEmpty({ message: MSG.inviteRequired }),
    Matches(INVITE_KEY_PATTERN, { message: MSG.inviteFormat }),
  )
  invitation_key!: string;
}

function ValidUrl(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'validUrl',
      target: target.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => typeof value === 'string' && normaliseUrl(value) !== null },
    });
}

export class AccessRequestDto {
  @EmailField() email!: string;
  @Rules(
    trim(),
    IsString({ message: MSG.urlRequired }),
    IsNotEmpty({ message: MSG.urlRequired }),
    MaxLength(2048, { message: MSG.urlInvalid }),
    ValidUrl({ message: MSG.urlInvalid }),
  )
  url!: string;
  @IsOptional()
  @Rules(
    IsString({ message: MSG.accessMessageTooLong }),
    MaxLength(LIMITS.accessRequestMessageMax, { message: MSG.accessMessageTooLong }),
  )
  message?: string | null;
}

export class DeleteInviteDto {
  @Rules(
    IsString({ message: MSG.inviteNotFound }),
    IsNotEmpty({ message: MSG.inviteNotFound }),
    MaxLength(64, { message: MSG.inviteNotFound }),
  )
  invite_id!: string;
}
