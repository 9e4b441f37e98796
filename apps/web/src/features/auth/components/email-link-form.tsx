import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { submitForgotPassword, submitResendVerification } from '../actions';
import { auth } from '../store';
import { AuthTextField, ModeLink, Outcome, SubmitButton } from './form-parts';

const FORMS = {
  forgot_password: {
    intro: 'enter the email of your account. if it exists, a link to choose a new password is mailed to it.',
    submit: submitForgotPassword,
    label: 'send reset link',
  },
  resend_verification: {
    intro: 'enter the email you signed up with. if the account still waits for verification, a new link is mailed to it.',
    submit: submitResendVerification,
    label: 'resend verification link',
  },
} as const;

/** forgot_password and resend_verification: one email field, a mailed link, and the way back. */
export function EmailLinkForm({ mode }: { mode: keyof typeof FORMS }) {
  const { loading } = useSnapshot(auth);
  const form = FORMS[mode];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <p className="output output--muted">{form.intro}</p>
      <AuthTextField field="email" label="email" type="email" autoComplete="email" data-autofocus />
      <div className="actions">
        <SubmitButton busy={loading} busyLabel="sending...">
          {form.label}
        </SubmitButton>
      </div>
      <Outcome />
      <p className="modal__links">
        <ModeLink mode="login">back to login</ModeLink>
      </p>
    </form>
  );
}
