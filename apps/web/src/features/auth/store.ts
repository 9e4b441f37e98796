import type { UserSummary } from '@stardeck/contracts/browser';
import { proxy } from 'valtio';
import type { LoginModalProps } from '../../lib/modals/registry';
import { DEPENDENT_FIELDS, EMPTY_FORM, FORM_RULES, type Field, type FormValues, type LoginMode } from './form-rules';

/** Spec §5: a field is checked 300 ms after the last keystroke. */
export const FIELD_DEBOUNCE_MS = 300;
/** Spec §2: after closing, the modal goes back to login mode 350 ms later (after its exit). */
export const MODAL_RESET_MS = 350;
/** Spec §4: verification and invite checks wait 2.5 s before calling, so the pending state reads. */
export const LINK_CHECK_DELAY_MS = 2500;

export type CheckStatus = 'idle' | 'pending' | 'done' | 'failed';

/**
 * The auth feature's state: spec §3 Auth state (loading flag and field-errors map; the token and
 * the member are the shared session, lib/session/store.ts) plus the login modal's mode and the
 * forms it shows. Components read it with useSnapshot and change it only through the actions here
 * and in actions.ts.
 */
export interface AuthState {
  loading: boolean;
  errors: Partial<Record<Field, string>>;
  mode: LoginMode;
  values: FormValues;
  resetToken: string | null;
  verificationToken: string | null;
  inviteToken: string | null;
  redirectTo: string | null;
  /** After a failed login, the way out the form offers (spec §4). */
  loginHelp: 'resend_verification' | 'forgot_password' | null;
  /** verify_account: pending, then done (link to login) or failed (link to resend). */
  verification: CheckStatus;
  /** create_account from an invite link: pending, then done (the form) or failed (a message). */
  inviteCheck: CheckStatus;
  inviter: UserSummary | null;
  /** The outcome line under a form: what the server said, or why the call failed. */
  outcome: { tone: 'ok' | 'err'; text: string } | null;
}

const initialState = (): AuthState => ({
  loading: false,
  errors: {},
  mode: 'login',
  values: { ...EMPTY_FORM },
  resetToken: null,
  verificationToken: null,
  inviteToken: null,
  redirectTo: null,
  loginHelp: null,
  verification: 'idle',
  inviteCheck: 'idle',
  inviter: null,
  outcome: null,
});

export const auth = proxy<AuthState>(initialState());

/** Not state: the callback of create_account (spec §2 "with callback") is a function. */
let onAccountCreated: (() => void) | null = null;
const fieldTimers = new Map<Field, ReturnType<typeof setTimeout>>();
let resetTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped whenever the modal starts over, so a wait or call begun before is ignored when it ends. */
let generation = 0;

export const currentGeneration = () => generation;

export function accountCreatedCallback(): (() => void) | null {
  return onAccountCreated;
}

/**
 * The modal opened: its data pick the mode (spec §2), login when they name none. Reopened before
 * the reset after its last close ran, it starts clean at once.
 */
export function openedWith(props: LoginModalProps): LoginMode {
  if (resetTimer !== undefined) reset();
  onAccountCreated = props.onAccountCreated ?? null;
  auth.redirectTo = props.redirectTo ?? auth.redirectTo;
  if (props.resetToken) {
    auth.resetToken = props.resetToken;
    switchMode('reset_password');
  } else if (props.verificationToken) {
    auth.verificationToken = props.verificationToken;
    switchMode('verify_account');
  } else if (props.inviteToken) {
    auth.inviteToken = props.inviteToken;
    switchMode('create_account');
    auth.values.invitation_key = props.inviteToken;
  } else if (props.requestAccess) {
    switchMode('request_access');
  } else {
    switchMode('login');
  }
  return auth.mode;
}

/** Moves to another mode; what was typed in the email field comes along. */
export function switchMode(mode: LoginMode): void {
  generation += 1;
  clearFieldTimers();
  auth.mode = mode;
  auth.errors = {};
  auth.outcome = null;
  auth.loginHelp = null;
  auth.loading = false;
}

/** A keystroke: the value changes now, its check runs once typing pauses for 300 ms. */
export function editField<F extends Field>(field: F, value: FormValues[F]): void {
  auth.values[field] = value;
  checkSoon(field);
  const dependent = DEPENDENT_FIELDS[field];
  if (dependent && (auth.values[dependent] !== EMPTY_FORM[dependent] || auth.errors[dependent])) checkSoon(dependent);
}

function checkSoon(field: Field): void {
  clearTimeout(fieldTimers.get(field));
  fieldTimers.set(field, setTimeout(() => {
    fieldTimers.delete(field);
    checkField(field);
  }, FIELD_DEBOUNCE_MS));
}

function checkField(field: Field): void {
  const rule = FORM_RULES[auth.mode][field];
  const message = rule ? rule(auth.values) : null;
  if (message) auth.errors[field] = message;
  else delete auth.errors[field];
}

/** Submit: every field of the mode is checked at once. True when the form may be sent. */
export function checkForm(): boolean {
  clearFieldTimers();
  for (const field of Object.keys(FORM_RULES[auth.mode]) as Field[]) checkField(field);
  return Object.keys(auth.errors).length === 0;
}

/** Per-field messages of a 400 answer (`errors`), shown under the fields they name. */
export function showServerErrors(errors: Record<string, string> | undefined): void {
  if (!errors) return;
  for (const [field, message] of Object.entries(errors)) {
    if (field in EMPTY_FORM) auth.errors[field as Field] = message;
  }
}

function clearFieldTimers(): void {
  for (const timer of fieldTimers.values()) clearTimeout(timer);
  fieldTimers.clear();
}

/** The modal closed: back to login mode 350 ms later, unless it opens again first. */
export function scheduleReset(): void {
  clearTimeout(resetTimer);
  resetTimer = setTimeout(reset, MODAL_RESET_MS);
}

export function reset(): void {
  generation += 1;
  clearTimeout(resetTimer);
  resetTimer = undefined;
  clearFieldTimers();
  onAccountCreated = null;
  Object.assign(auth, initialState());
}
