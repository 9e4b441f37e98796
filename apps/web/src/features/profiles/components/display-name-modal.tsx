import { useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { useMe } from '../../../lib/session/store';
import { toastFailure, toastSuccess } from '../../../lib/toasts/from-result';
import { updateProfile } from '../api/profile';
import { displayNameError } from '../display-name-rules';
import { failureText } from '../failure-text';

/** Spec §4: after a display-name change the page reloads, 100 ms later, so every view shows the new name. */
const RELOAD_AFTER_MS = 100;

export function Component({ onClose }: { onClose: () => void }) {
  const me = useMe();
  const [name, setName] = useState(me?.display_name ?? me?.username ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const error = touched ? displayNameError(name) : null;
  const save = async () => {
    setTouched(true);
    if (displayNameError(name)) return;
    setBusy(true);
    setServerError(null);
    const result = await updateProfile({ display_name: name.trim() });
    if (!result.ok) {
      setBusy(false);
      setServerError(failureText(result.failure, 'Failed to update display name'));
      toastFailure(result.failure, { title: 'Display Name', description: 'Failed to update display name' });
      return;
    }
    toastSuccess(result);
    setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
  };
  return (
    <ModalFrame title="edit display name" onClose={onClose}>
      <form onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        <TextField
          label="display name"
          value={name}
          onValue={(value) => { setName(value); setTouched(true); }}
          error={error ?? serverError ?? undefined}
          autoComplete="nickname"
        />
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy || error !== null}>{busy ? 'saving...' : 'save name'}</button>
          <button type="button" className="btn" onClick={onClose}>cancel</button>
        </div>
      </form>
    </ModalFrame>
  );
}
