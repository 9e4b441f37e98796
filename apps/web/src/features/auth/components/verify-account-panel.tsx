import { useSnapshot } from 'valtio';
import { PromptLine } from '../../../components/ui/prompt-line';
import { auth } from '../store';
import { ModeLink, Outcome } from './form-parts';

/** verify_account (spec §4): pending, then success with a way to log in, or an error with a way to resend. */
export function VerifyAccountPanel() {
  const { verification } = useSnapshot(auth);
  return (
    <div>
      <PromptLine command="account --verify" />
      {verification === 'pending' || verification === 'idle' ? (
        <p className="output output--muted" role="status">
          <span className="tag tag--wait">[..]</span> verifying your account<span className="ellipsis" aria-hidden="true" />
        </p>
      ) : (
        <Outcome />
      )}
      {verification === 'done' && (
        <p className="actions">
          <ModeLink mode="login">log in now</ModeLink>
        </p>
      )}
      {verification === 'failed' && (
        <p className="actions">
          <ModeLink mode="resend_verification">resend the verification email</ModeLink>
        </p>
      )}
    </div>
  );
}
