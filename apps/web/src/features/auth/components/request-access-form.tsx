import { LIMITS } from '@stardeck/contracts/browser';
import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { submitRequestAccess } from '../actions';
import { auth } from '../store';
import { AuthTextField, ModeLink, Outcome, SubmitButton } from './form-parts';

/** request_access, titled waitlist (spec §2): an address, a link to one's work, an optional note. */
export function RequestAccessForm() {
  const { loading, outcome, values } = useSnapshot(auth);
  if (outcome?.tone === 'ok') {
    return (
      <div>
        <Outcome />
        <p className="modal__links">
          <ModeLink mode="login">back to login</ModeLink>
        </p>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitRequestAccess();
  };
  return (
    <form onSubmit={submit} noValidate>
      <p className="output output--muted">stardeck grows by invitation. leave your address and a link to your work; we mail an invite when a spot opens.</p>
      <AuthTextField field="email" label="email" type="email" autoComplete="email" data-autofocus />
      <AuthTextField field="url" label="your work (url)" type="url" autoComplete="url" placeholder="soundcloud.com/you" />
      <AuthTextField
        field="message"
        label="message (optional)"
        multiline
        maxLength={LIMITS.accessRequestMessageMax + 1}
        hint={`${values.message.length} / ${LIMITS.accessRequestMessageMax}`}
      />
      <div className="actions">
        <SubmitButton busy={loading} busyLabel="sending...">
          join the waitlist
        </SubmitButton>
      </div>
      <Outcome />
      <p className="modal__links">
        <ModeLink mode="login">back to login</ModeLink>
      </p>
    </form>
  );
}
