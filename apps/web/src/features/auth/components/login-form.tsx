import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { submitLogin } from '../actions';
import { auth } from '../store';
import { AuthCheckbox, AuthTextField, ModeLink, Outcome, SubmitButton } from './form-parts';

/** Spec §4: after login the member goes to /discover, or back to the page that asked for it. */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const { loading, loginHelp, values } = useSnapshot(auth);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = auth.redirectTo ?? '/discover';
    if (await submitLogin()) {
      onDone();
      void navigate(target);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <AuthTextField field="email" label="email" type="email" autoComplete="email" data-autofocus />
      <AuthTextField field="password" label="password" type="password" autoComplete="current-password" />
      <AuthCheckbox field="remember_me" label="remember me on this device" />
      <div className="actions">
        <SubmitButton busy={loading} busyLabel="logging in..." disabled={!values.password}>
          login
        </SubmitButton>
      </div>
      <Outcome />
      {loginHelp === 'resend_verification' && (
        <p className="output">
          <ModeLink mode="resend_verification">resend the verification email</ModeLink>
        </p>
      )}
      {loginHelp === 'forgot_password' && (
        <p className="output">
          <ModeLink mode="forgot_password">forgot your password?</ModeLink>
        </p>
      )}
      <p className="modal__links">
        <ModeLink mode="create_account">have an invite code?</ModeLink>
        <ModeLink mode="request_access">join the waitlist</ModeLink>
      </p>
    </form>
  );
}
