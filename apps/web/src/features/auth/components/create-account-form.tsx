import { LIMITS, displayName } from '@stardeck/contracts/browser';
import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { PromptLine } from '../../../components/ui/prompt-line';
import { submitCreateAccount } from '../actions';
import { auth } from '../store';
import { AuthCheckbox, AuthTextField, ModeLink, Outcome, SubmitButton } from './form-parts';

/**
 * create_account (spec §4): from an invite link the key is checked first (pending, then the form
 * or a message); opened from login, the invite code is typed in.
 */
export function CreateAccountForm() {
  const { inviteCheck, inviteToken, inviter, loading, outcome } = useSnapshot(auth);
  if (inviteCheck === 'pending' || (inviteToken && inviteCheck === 'idle')) {
    return (
      <div>
        <PromptLine command="invite --check" />
        <p className="output output--muted" role="status">
          <span className="tag tag--wait">[..]</span> checking your invite<span className="ellipsis" aria-hidden="true" />
        </p>
      </div>
    );
  }
  if (inviteCheck === 'failed') {
    return (
      <div>
        <PromptLine command="invite --check" />
        <Outcome />
        <p className="modal__links">
          <ModeLink mode="request_access">join the waitlist</ModeLink>
          <ModeLink mode="login">back to login</ModeLink>
        </p>
      </div>
    );
  }
  if (outcome?.tone === 'ok') {
    return (
      <div>
        <Outcome />
        <p className="modal__links">
          <ModeLink mode="login">log in after verifying</ModeLink>
        </p>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitCreateAccount();
  };
  return (
    <form onSubmit={submit} noValidate>
      {inviter && (
        <p className="output output--ok">
          <span className="tag">[OK]</span> invited by {displayName(inviter)}
        </p>
      )}
      <AuthTextField field="email" label="email" type="email" autoComplete="email" data-autofocus />
      <AuthTextField field="username" label="username" autoComplete="username" maxLength={LIMITS.usernameMax} hint="letters, numbers, - and _; it becomes your address: /username" />
      <AuthTextField field="password" label="password" type="password" autoComplete="new-password" hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`} />
      <AuthTextField field="verify_password" label="repeat password" type="password" autoComplete="new-password" />
      <AuthTextField field="invitation_key" label="invite code" autoComplete="off" readOnly={Boolean(inviteToken)} maxLength={LIMITS.inviteKeyLength} />
      <AuthCheckbox field="terms" label="I accept the terms of use and confirm I am 18 or older" />
      <div className="actions">
        <SubmitButton busy={loading} busyLabel="creating...">
          create account
        </SubmitButton>
      </div>
      <Outcome />
      <p className="modal__links">
        <ModeLink mode="login">already a member? log in</ModeLink>
      </p>
    </form>
  );
}
