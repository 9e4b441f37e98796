import { displayName, type InviteView } from '@stardeck/contracts/browser';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { PromptLine } from '../../../components/ui/prompt-line';
import { formatDate } from '../../../utils/format';
import { canCreateInvite, createInvite, deleteInvite, invitesStore, inviteUrl, reportCopy } from '../store';

/** The manageInvites modal (spec §2, §4 Invite); opened by openInviteManager once the list loaded. */
export function Component({ onClose }: { onClose: () => void }) {
  const state = useSnapshot(invitesStore);
  const allowed = canCreateInvite(state);
  return (
    <ModalFrame title="invites" onClose={onClose} wide>
      <p className="invites__usage">
        <label htmlFor="invite-usage">
          used {state.used} / {state.limit ?? 'unlimited'}
        </label>
        {state.limit !== null && <progress id="invite-usage" value={state.used} max={Math.max(state.limit, 1)} />}
        <span className="output--muted">{state.pending} unused</span>
      </p>
      <PromptLine command="invite --list" />
      {state.invites.length === 0 ? (
        <p className="output output--muted">no invites yet.</p>
      ) : (
        <ul className="invites__list">
          {state.invites.map((invite) => (
            <InviteRow key={invite.id} invite={invite} deleting={state.deletingId === invite.id} />
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" className="btn btn--primary" onClick={() => void createInvite()} disabled={!allowed || state.creating} data-autofocus>
          {state.creating ? 'creating...' : '+ new invite'}
        </button>
        {!allowed && <p className="output output--muted">invite limit reached: delete an unused invite to make a new one.</p>}
      </div>
    </ModalFrame>
  );
}

function InviteRow({ invite, deleting }: { invite: Readonly<InviteView>; deleting: boolean }) {
  const url = inviteUrl(window.location.origin, invite.key);
  const copy = () => {
    void navigator.clipboard.writeText(url).then(() => reportCopy(true), () => reportCopy(false));
  };
  if (invite.used !== null) {
    const who = invite.used_by_username
      ? displayName({ username: invite.used_by_username, display_name: invite.used_by_display_name })
      : 'someone';
    return (
      <li className="invite invite--used">
        <code className="invite__key">{invite.key}</code>
        <span className="invite__status">
          <span className="tag tag--ok">[used]</span> by {who} on {formatDate(invite.used)}
        </span>
      </li>
    );
  }
  return (
    <li className="invite">
      <code className="invite__key">{invite.key}</code>
      <span className="invite__status">
        <span className="tag tag--wait">[unused]</span> created {formatDate(invite.created)}
      </span>
      <input className="invite__url" readOnly value={url} aria-label={`Invite link ${invite.key}`} onFocus={(e) => e.target.select()} />
      <span className="invite__actions">
        <button type="button" className="btn" onClick={copy}>
          copy link<span className="visually-hidden"> for {invite.key}</span>
        </button>
        <button type="button" className="btn btn--danger" onClick={() => void deleteInvite(invite.id)} disabled={deleting}>
          {deleting ? 'deleting...' : 'delete'}
          <span className="visually-hidden"> invite {invite.key}</span>
        </button>
      </span>
    </li>
  );
}
