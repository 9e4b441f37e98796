import {
  accessMessageError, accessUrlError, emailError, inviteCodeError, newPasswordError, termsError, usernameError, verifyPasswordError,
} from '@stardeck/contracts/browser';

/** Spec §4: the seven modes of the login modal. */
export const LOGIN_MODES = [
  'login', 'forgot_password', 'reset_password', 'resend_verification', 'verify_account', 'create_account', 'request_access',
] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

/** Every field the modes' forms hold, named as the API names them. */
export interface FormValues {
  email: string;
  password: string;
  verify_password: string;
  remember_me: boolean;
  username: string;
  invitation_key: string;
  terms: boolean;
  url: string;
  message: string;
}

export type Field = keyof FormValues;

export const EMPTY_FORM: FormValues = {
  email: '', password: '', verify_password: '', remember_me: false, username: '', invitation_key: '', terms: false, url: '', message: '',
};

type Rule = (values: FormValues) => string | null;

/**
 * The fields each mode checks, with their spec §5 rules from contracts (the same functions and
 * messages the server's DTOs agree with). Login checks only the address: any password may be tried.
 */
export const FORM_RULES: Record<LoginMode, Partial<Record<Field, Rule>>> = {
  login: { email: (v) => emailError(v.email) },
  forgot_password: { email: (v) => emailError(v.email) },
  resend_verification: { email: (v) => emailError(v.email) },
  reset_password: {
    password: (v) => newPasswordError(v.password),
    verify_password: (v) => verifyPasswordError(v.password, v.verify_password),
  },
  verify_account: {},
  create_account: {
    email: (v) => emailError(v.email),
    username: (v) => usernameError(v.username),
    password: (v) => newPasswordError(v.password),
    verify_password: (v) => verifyPasswordError(v.password, v.verify_password),
    terms: (v) => termsError(v.terms),
    invitation_key: (v) => inviteCodeError(v.invitation_key),
  },
  request_access: {
    email: (v) => emailError(v.email),
    url: (v) => accessUrlError(v.url),
    message: (v) => accessMessageError(v.message),
  },
};

/** A field whose rule reads another field too: editing the first re-checks the second. */
export const DEPENDENT_FIELDS: Partial<Record<Field, Field>> = { password: 'verify_password' };
