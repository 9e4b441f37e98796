import { MEMBER_TIERS, type MemberTier } from '@stardeck/contracts/browser';
import { useId, useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { toastFailure, toastSuccess } from '../../../lib/toasts/from-result';
import { findMember, setMemberTier } from '../api/admin-tier';

/** An admin sets a member's tier by hand (PUT /v1/admin/users/{id}/tier). */
export function AdminTierForm() {
  const selectId = useId();
  const [username, setUsername] = useState('');
  const [tier, setTier] = useState<MemberTier>('core');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setDone(null);
    const found = await findMember(username.trim());
    if (!found.ok) {
      toastFailure(found.failure, { title: 'Tier', description: `User '${username.trim()}' not found` });
      setBusy(false);
      return;
    }
    const member = found.envelope.data!.user;
    const result = await setMemberTier(member.id, tier);
    setBusy(false);
    if (!result.ok) {
      toastFailure(result.failure, { title: 'Tier' });
      return;
    }
    toastSuccess(result);
    setDone(`${member.username} is now on ${result.envelope.data?.user.tier ?? tier}`);
  };

  return (
    <form className="form" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <TextField label="member username" value={username} onValue={setUsername} autoComplete="off" />
      <div className="field">
        <p className="field__label">
          <span aria-hidden="true">&gt; </span>
          <label htmlFor={selectId}>tier</label>
        </p>
        <select id={selectId} value={tier} onChange={(e) => setTier(e.target.value as MemberTier)}>
          {MEMBER_TIERS.map((slug) => <option key={slug} value={slug}>{slug}</option>)}
        </select>
      </div>
      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={busy || username.trim() === ''}>
          {busy ? 'setting...' : 'set tier'}
        </button>
      </div>
      {done && <p className="output output--ok" role="status">[OK] {done}</p>}
    </form>
  );
}
