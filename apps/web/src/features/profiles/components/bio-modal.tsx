import { PROFILE_LIMITS } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { TextField } from '../../../components/ui/field';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { toastFailure, toastSuccess } from '../../../lib/toasts/from-result';
import { updateProfile } from '../api/profile';
import { failureText } from '../failure-text';

/** The manageBio modal: a blank bio clears it (spec §5 shows no bound; the server keeps one). */
export function Component({ onClose }: { onClose: () => void }) {
  const layout = useRouteLoaderData('user') as { profile?: { bio: string | null } } | undefined;
  const [bio, setBio] = useState(layout?.profile?.bio ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const save = async () => {
    setBusy(true);
    setError(null);
    const result = await updateProfile({ bio: bio.trim() || null });
    setBusy(false);
    if (!result.ok) {
      setError(failureText(result.failure, 'Failed to update bio'));
      toastFailure(result.failure, { title: 'Bio', description: 'Failed to update bio' });
      return;
    }
    toastSuccess(result);
    void revalidator.revalidate();
    onClose();
  };
  return (
    <ModalFrame title="edit bio" onClose={onClose}>
      <form onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <TextField label="bio" value={bio} onValue={setBio} multiline maxLength={PROFILE_LIMITS.bioMax} error={error ?? undefined} hint={`${bio.length}/${PROFILE_LIMITS.bioMax}`} />
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'saving...' : 'save bio'}</button>
          <button type="button" className="btn" onClick={onClose}>cancel</button>
        </div>
      </form>
    </ModalFrame>
  );
}
