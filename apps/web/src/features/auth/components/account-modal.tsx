import { LIMITS, emailError, newPasswordError, verifyPasswordError } from '@stardeck/contracts/browser';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { ModalFrame } from '../../../components/ui/modal-frame';
import type { ApiFailure } from '../../../lib/api';
import { useMe } from '../../../lib/session/store';
import { toastFailure, toastSuccess } from '../../../lib/toasts/from-result';
import { changeEmail, changePassword } from '../api/account-settings';

type Errors = Record<string, string>;

/** The server's words for each field, or its message on the form. */
function errorsOf(failure: ApiFailure): { fields: Errors; form: string | null } {
  if (failure.kind === 'network') return { fields: {}, form: 'Unable to connect to the server' };
  const fields = (failure.envelope.errors ?? {}) as Errors;
  return { fields, form: Object.keys(fields).length > 0 ? null : failure.envelope.msg?.description ?? 'An unexpected error occurred' };
}

/**
 * manageAccount: the member's password and email. A new password needs the current one and ends
 * every other sign-in; a new email changes only when the link mailed to it is opened.
 */
export function Component({ onClose }: { onClose: () => void }) {
  return (
    <ModalFrame title="account" onClose={onClose}>
      <PasswordForm />
      <EmailForm />
      <div className="actions">
        <button type="button" className="btn" onClick={onClose}>
          done
        </button>
      </div>
    </ModalFrame>
  );
}

function PasswordForm() {
  const [values, setValues] = useState({ current_password: '', password: '', verify_password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!values.current_password) local.current_password = 'Current password is required';
    const weak = newPasswordError(values.password);
    if (weak) local.password = weak;
    const mismatch = verifyPasswordError(values.password, values.verify_password);
    if (mismatch) local.verify_password = mismatch;
    setErrors(local);
    setOutcome(null);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const result = await changePassword(values);
    setBusy(false);
    if (!result.ok) {
      const { fields, form } = errorsOf(result.failure);
      setErrors(fields);
      if (form) {
        setOutcome({ ok: false, text: form });
        toastFailure(result.failure, { title: 'Change Password' });
      }
      return;
    }
    toastSuccess(result, { silent: true });
    setValues({ current_password: '', password: '', verify_password: '' });
    setOutcome({ ok: true, text: result.envelope.msg?.description ?? 'Password changed' });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="account-password">
      <h3 id="account-password">password</h3>
      <TextField label="current password" type="password" autoComplete="current-password" value={values.current_password} onValue={set('current_password')} error={errors.current_password} data-autofocus />
      <TextField label="new password" type="password" autoComplete="new-password" value={values.password} onValue={set('password')} error={errors.password} maxLength={LIMITS.passwordMax} hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`} />
      <TextField label="repeat new password" type="password" autoComplete="new-password" value={values.verify_password} onValue={set('verify_password')} error={errors.verify_password} />
      <p className="field__hint">changing it signs you out everywhere else.</p>
      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'saving...' : 'change password'}
        </button>
      </div>
      {outcome && (
        <p className={`output ${outcome.ok ? 'output--ok' : 'output--err'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}

function EmailForm() {
  const me = useMe();
  const [values, setValues] = useState({ email: '', current_password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    const bad = emailError(values.email);
    if (bad) local.email = bad;
    if (!values.current_password) local.current_password = 'Current password is required';
    setErrors(local);
    setOutcome(null);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const result = await changeEmail({ email: values.email.trim(), current_password: values.current_password });
    setBusy(false);
    if (!result.ok) {
      const { fields, form } = errorsOf(result.failure);
      setErrors(fields);
      if (form) setOutcome({ ok: false, text: form });
      return;
    }
    setOutcome({ ok: true, text: `${result.envelope.msg?.description ?? ''} (sent to ${values.email.trim()})` });
    setValues({ email: '', current_password: '' });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="account-email">
      <h3 id="account-email">email</h3>
      <p className="output output--muted">now: {me?.email}</p>
      <TextField label="new email" type="email" autoComplete="email" value={values.email} onValue={set('email')} error={errors.email} maxLength={LIMITS.emailMax} />
      <TextField label="current password" type="password" autoComplete="current-password" value={values.current_password} onValue={set('current_password')} error={errors.current_password} />
      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'sending...' : 'send confirmation link'}
        </button>
      </div>
      {outcome && (
        <p className={`output ${outcome.ok ? 'output--ok' : 'output--err'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}
