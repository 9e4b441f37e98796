import { canConfirmReset } from '@stardeck/contracts/browser';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { submitResetPassword } from '../actions';
import { auth } from '../store';
import { AuthTextField, ModeLink, Outcome, SubmitButton } from './form-parts';

/** reset_password from the mailed link; spec §2: a reset goes to /, where the login modal opens. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const { loading, values, resetToken } = useSnapshot(auth);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await submitResetPassword()) void navigate('/', { state: { openLogin: true } });
  };
  return (
    <form onSubmit={submit} noValidate>
      {resetToken ? (
        <p className="output output--muted">choose a new password for your account.</p>
      ) : (
        <p className="output output--err">this reset link has no token: open the link from the email again.</p>
      )}
      <AuthTextField field="password" label="new password" type="password" autoComplete="new-password" data-autofocus />
      <AuthTextField field="verify_password" label="repeat new password" type="password" autoComplete="new-password" />
      <div className="actions">
        <SubmitButton busy={loading} busyLabel="saving..." disabled={!canConfirmReset(values.password, values.verify_password, resetToken)}>
          set new password
        </SubmitButton>
      </div>
      <Outcome />
      <p className="modal__links">
        <ModeLink mode="forgot_password">send a new reset link</ModeLink>
        <ModeLink mode="login">back to login</ModeLink>
      </p>
    </form>
  );
}
